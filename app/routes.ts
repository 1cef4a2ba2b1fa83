import { type RouteConfig, index, route } from '@react-router/dev/routes';

/** Admin screens later work fills in; the placeholder module guards each with its own permission. */
const placeholderScreens = ['content', 'themes', 'themes/:themeId/edit', 'menu', 'media', 'contact', 'users', 'messages', 'settings'];

export default [
  index('routes/site/home.tsx'),
  route('login', 'routes/site/login.tsx'),
  route('logout', 'routes/resources/logout.ts'),

  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/dashboard.tsx'),
    route('search', 'routes/admin/search.tsx'),
    route('pages', 'routes/admin/pages/list.tsx'),
    route('pages/trash', 'routes/admin/pages/trash.tsx'),
    route('pages/new', 'routes/admin/pages/new.tsx'),
    route('pages/:id', 'routes/admin/pages/edit.tsx'),
    route('blog', 'routes/admin/blog/list.tsx'),
    route('blog/trash', 'routes/admin/blog/trash.tsx'),
    route('blog/new', 'routes/admin/blog/new.tsx'),
    route('blog/categories', 'routes/admin/blog/categories.ts'),
    route('blog/:id', 'routes/admin/blog/edit.tsx'),
    ...placeholderScreens.map((path) => route(path, 'routes/admin/placeholder.tsx', { id: `admin/${path}` })),
    route('*', 'routes/admin/not-found.tsx'),
  ]),
  route('*', 'routes/site/not-found.tsx'),
] satisfies RouteConfig;
