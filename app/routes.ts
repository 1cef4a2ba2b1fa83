import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

/** Admin screens later work fills in; the placeholder module guards each with its own permission. */
const placeholderScreens = ['themes', 'themes/:themeId/edit', 'menu', 'users', 'messages'];

export default [
  layout('routes/site/layout.tsx', [
    index('routes/site/home.tsx'),
    route('blog', 'routes/site/blog.tsx'),
    route('blog/:slug', 'routes/site/blog-post.tsx'),
    route(':slug', 'routes/site/page.tsx'),
  ]),
  route('login', 'routes/site/login.tsx'),
  route('logout', 'routes/resources/logout.ts'),
  route('media/*', 'routes/resources/media-file.ts'),
  route('admin/media/upload', 'routes/resources/media-upload.ts'),
  route('admin/media/picker', 'routes/resources/media-picker.ts'),
  route('language', 'routes/resources/language.ts'),
  route('blog/:slug/view', 'routes/resources/post-view.ts'),
  route('sitemap.xml', 'routes/resources/sitemap.ts'),
  route('robots.txt', 'routes/resources/robots.ts'),
  route('rss.xml', 'routes/resources/rss.ts'),

  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/dashboard.tsx'),
    route('search', 'routes/admin/search.tsx'),
    route('media', 'routes/admin/media.tsx'),
    route('pages', 'routes/admin/pages/list.tsx'),
    route('pages/trash', 'routes/admin/pages/trash.tsx'),
    route('pages/new', 'routes/admin/pages/new.tsx'),
    route('pages/:id', 'routes/admin/pages/edit.tsx'),
    route('blog', 'routes/admin/blog/list.tsx'),
    route('blog/trash', 'routes/admin/blog/trash.tsx'),
    route('blog/new', 'routes/admin/blog/new.tsx'),
    route('blog/categories', 'routes/admin/blog/categories.ts'),
    route('blog/:id', 'routes/admin/blog/edit.tsx'),
    route('content', 'routes/admin/content.tsx'),
    route('contact', 'routes/admin/contact.tsx'),
    route('settings', 'routes/admin/settings.tsx'),
    ...placeholderScreens.map((path) => route(path, 'routes/admin/placeholder.tsx', { id: `admin/${path}` })),
    route('*', 'routes/admin/not-found.tsx'),
  ]),
  route('*', 'routes/site/not-found.tsx'),
] satisfies RouteConfig;
