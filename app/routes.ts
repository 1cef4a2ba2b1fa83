import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

/** Admin screens later work fills in; the placeholder module guards each with its own permission. */
const placeholderScreens = ['menu'];

export default [
  layout('routes/site/layout.tsx', [
    index('routes/site/home.tsx'),
    route('blog', 'routes/site/blog.tsx'),
    route('blog/:slug', 'routes/site/blog-post.tsx'),
    route(':slug', 'routes/site/page.tsx'),
  ]),
  route('login', 'routes/site/login.tsx'),
  route('invite/:token', 'routes/site/invite.tsx'),
  route('logout', 'routes/resources/logout.ts'),
  route('logout/others', 'routes/resources/logout-others.ts'),
  route('media/*', 'routes/resources/media-file.ts'),
  route('admin/media/upload', 'routes/resources/media-upload.ts'),
  route('admin/media/picker', 'routes/resources/media-picker.ts'),
  route('language', 'routes/resources/language.ts'),
  route('blog/:slug/view', 'routes/resources/post-view.ts'),
  route('sitemap.xml', 'routes/resources/sitemap.ts'),
  route('robots.txt', 'routes/resources/robots.ts'),
  route('rss.xml', 'routes/resources/rss.ts'),
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
    route('themes', 'routes/admin/themes/list.tsx'),
    route('themes/new', 'routes/admin/themes/new.tsx'),
    route('themes/:themeId/export', 'routes/admin/themes/export.ts'),
    route('messages', 'routes/admin/messages/list.tsx'),
    route('messages/export.csv', 'routes/admin/messages/export-csv.ts'),
    route('messages/:id', 'routes/admin/messages/detail.tsx'),
    route('themes/draft', 'routes/resources/theme-draft.ts'),
    route('settings', 'routes/admin/settings.tsx'),
    route('users', 'routes/admin/users/list.tsx'),
    route('users/roles', 'routes/admin/users/roles.tsx'),
    route('users/roles/new', 'routes/admin/users/role-edit.tsx', { id: 'admin/users/roles/new' }),
    route('users/roles/:id', 'routes/admin/users/role-edit.tsx', { id: 'admin/users/roles/edit' }),
    route('users/new', 'routes/admin/users/edit.tsx', { id: 'admin/users/new' }),
    route('users/:id', 'routes/admin/users/edit.tsx', { id: 'admin/users/edit' }),
    route('settings/audit', 'routes/admin/security/audit-log.tsx'),
    route('settings/audit.csv', 'routes/admin/security/audit-csv.ts'),
    ...placeholderScreens.map((path) => route(path, 'routes/admin/placeholder.tsx', { id: `admin/${path}` })),
    route('*', 'routes/admin/not-found.tsx'),
  ]),
  route('*', 'routes/site/not-found.tsx'),
] satisfies RouteConfig;
