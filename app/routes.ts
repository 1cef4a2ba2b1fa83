import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

import { LANGUAGES } from './i18n/languages.ts';

/**
 * Each published language's copy of the public pages under its prefix (decision 030): `/fr`, `/fr/blog`,
 * `/fr/blog/{slug}`, `/fr/{slug}`. The default language's prefix answers 301 to the unprefixed URL (the layout).
 */
const languageRoutes = LANGUAGES.flatMap((code) => [
  route(code, 'routes/site/home.tsx', { id: `routes/site/home.${code}` }),
  route(`${code}/blog`, 'routes/site/blog.tsx', { id: `routes/site/blog.${code}` }),
  route(`${code}/blog/category/:category`, 'routes/site/blog.tsx', { id: `routes/site/blog.category.${code}` }),
  route(`${code}/blog/tag/:tag`, 'routes/site/blog.tsx', { id: `routes/site/blog.tag.${code}` }),
  route(`${code}/blog/:slug`, 'routes/site/blog-post.tsx', { id: `routes/site/blog-post.${code}` }),
  route(`${code}/:slug`, 'routes/site/page.tsx', { id: `routes/site/page.${code}` }),
]);

export default [
  layout('routes/site/layout.tsx', [
    index('routes/site/home.tsx'),
    route('blog', 'routes/site/blog.tsx'),
    // The blog's archives (decision 036): a category's and a tag's posts, paginated like the blog.
    route('blog/category/:category', 'routes/site/blog.tsx', { id: 'routes/site/blog.category' }),
    route('blog/tag/:tag', 'routes/site/blog.tsx', { id: 'routes/site/blog.tag' }),
    route('blog/:slug', 'routes/site/blog-post.tsx'),
    // A draft link (docs/product.md, "Draft links"): a page's or post's saved draft, never cached, never indexed.
    route('draft/:token', 'routes/site/draft.tsx'),
    route(':slug', 'routes/site/page.tsx'),
    ...languageRoutes,
    // The server's own error pages (Maintenance Mode, a refused cross-origin form, an error before any route) in the site's look.
    route('__status/:code', 'routes/site/status-page.tsx'),
    // Any other path: a 404 in the site's look.
    route('*', 'routes/site/not-found.tsx'),
  ]),
  route('login', 'routes/site/login.tsx'),
  route('login/two-factor', 'routes/site/login-two-factor.tsx'),
  route('login/forgot-password', 'routes/site/forgot-password.tsx'),
  route('login/reset-password/:token', 'routes/site/reset-password.tsx'),
  route('invite/:token', 'routes/site/invite.tsx'),
  route('logout', 'routes/resources/logout.ts'),
  route('logout/others', 'routes/resources/logout-others.ts'),
  route('media/*', 'routes/resources/media-file.ts'),
  route('admin/media/upload', 'routes/resources/media-upload.ts'),
  route('admin/media/picker', 'routes/resources/media-picker.ts'),
  route('admin/menu/targets', 'routes/resources/menu-targets.ts'),
  route('admin/editor/link-targets', 'routes/resources/link-targets.ts'),
  route('admin/settings/backup', 'routes/resources/backup-download.ts'),
  route('admin/settings/backups/:name', 'routes/resources/backup-file.ts'),
  route('admin/settings/import', 'routes/resources/wordpress-import.ts'),
  route('admin/editing/:kind/:key', 'routes/resources/editing.ts'),
  route('language', 'routes/resources/language.ts'),
  route('blog/:slug/view', 'routes/resources/post-view.ts'),
  route('sitemap.xml', 'routes/resources/sitemap.ts'),
  route('sitemaps/pages.xml', 'routes/resources/sitemap-pages.ts'),
  route('sitemaps/:file', 'routes/resources/sitemap-posts.ts'),
  route('robots.txt', 'routes/resources/robots.ts'),
  route('rss.xml', 'routes/resources/rss.ts'),
  ...LANGUAGES.map((code) => route(`${code}/rss.xml`, 'routes/resources/rss.ts', { id: `routes/resources/rss.${code}` })),
  route('api/v1/me', 'routes/resources/api-me.ts'),
  route('preview', 'routes/site/preview.ts'),
  route('theme/:themeId/:version/sections.css', 'routes/resources/theme-stylesheet.ts'),

  // Full screen, outside the admin's sidebar layout.
  route('admin/themes/:themeId/edit', 'routes/admin/theme-editor/route.tsx'),
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/dashboard.tsx'),
    route('search', 'routes/admin/search.tsx'),
    route('media', 'routes/admin/media.tsx'),
    // Pages and posts share one list/trash module and one editor module (the editorial core).
    ...['pages', 'blog'].flatMap((base) => [
      route(base, 'routes/admin/editorial/list.tsx', { id: `admin/${base}` }),
      route(`${base}/trash`, 'routes/admin/editorial/list.tsx', { id: `admin/${base}/trash` }),
      route(`${base}/new`, 'routes/admin/editorial/editor.tsx', { id: `admin/${base}/new` }),
      route(`${base}/:id`, 'routes/admin/editorial/editor.tsx', { id: `admin/${base}/edit` }),
    ]),
    route('blog/categories', 'routes/admin/editorial/categories.ts'),
    route('content', 'routes/admin/content.tsx'),
    route('contact', 'routes/admin/contact.tsx'),
    route('menu', 'routes/admin/menu.tsx'),
    route('themes', 'routes/admin/themes/list.tsx'),
    route('themes/new', 'routes/admin/themes/new.tsx'),
    route('themes/:themeId/export', 'routes/admin/themes/export.ts'),
    route('notifications', 'routes/admin/notifications/list.tsx'),
    route('notifications/:id/open', 'routes/admin/notifications/open.ts'),
    route('comments', 'routes/admin/comments/list.tsx'),
    route('comments/export.json', 'routes/admin/comments/export-json.ts'),
    route('messages', 'routes/admin/messages/list.tsx'),
    route('messages/export.csv', 'routes/admin/messages/export-csv.ts'),
    route('messages/:id', 'routes/admin/messages/detail.tsx'),
    route('themes/draft', 'routes/resources/theme-draft.ts'),
    route('settings', 'routes/admin/settings.tsx'),
    route('users', 'routes/admin/users/list.tsx'),
    route('account', 'routes/admin/account.tsx'),
    route('users/roles', 'routes/admin/users/roles.tsx'),
    route('users/roles/new', 'routes/admin/users/role-edit.tsx', { id: 'admin/users/roles/new' }),
    route('users/roles/:id', 'routes/admin/users/role-edit.tsx', { id: 'admin/users/roles/edit' }),
    route('users/new', 'routes/admin/users/edit.tsx', { id: 'admin/users/new' }),
    route('users/:id', 'routes/admin/users/edit.tsx', { id: 'admin/users/edit' }),
    route('settings/audit', 'routes/admin/security/audit-log.tsx'),
    route('settings/redirects', 'routes/admin/redirects/list.tsx'),
    route('settings/redirects.csv', 'routes/admin/redirects/export-csv.ts'),
    route('settings/audit.csv', 'routes/admin/security/audit-csv.ts'),
    route('account/two-factor', 'routes/admin/account/two-factor.tsx'),
    route('account/tokens', 'routes/admin/account/api-tokens.tsx'),
    route('users/:id/two-factor/reset', 'routes/admin/account/two-factor-reset.ts'),
    route('*', 'routes/admin/not-found.tsx'),
  ]),
] satisfies RouteConfig;
