import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

/** Admin screens later work fills in; the placeholder module guards each with its own permission. */
const placeholderScreens = ['content', 'pages/*', 'blog/*', 'themes', 'themes/:themeId/edit', 'menu', 'media', 'contact', 'users', 'messages', 'settings'];

export default [
  layout('routes/site/layout.tsx', [
    index('routes/site/home.tsx'),
    route('blog', 'routes/site/blog.tsx'),
    route('blog/:slug', 'routes/site/blog-post.tsx'),
    route(':slug', 'routes/site/page.tsx'),
  ]),
  route('login', 'routes/site/login.tsx'),
  route('logout', 'routes/resources/logout.ts'),
  route('language', 'routes/resources/language.ts'),
  route('blog/:slug/view', 'routes/resources/post-view.ts'),
  route('sitemap.xml', 'routes/resources/sitemap.ts'),
  route('robots.txt', 'routes/resources/robots.ts'),
  route('rss.xml', 'routes/resources/rss.ts'),

  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/dashboard.tsx'),
    route('search', 'routes/admin/search.tsx'),
    ...placeholderScreens.map((path) => route(path, 'routes/admin/placeholder.tsx', { id: `admin/${path}` })),
    route('*', 'routes/admin/not-found.tsx'),
  ]),
  route('*', 'routes/site/not-found.tsx'),
] satisfies RouteConfig;
