import { type RouteConfig, index, route } from '@react-router/dev/routes';

/** Admin screens later work fills in; the placeholder module guards each with its own permission. */
const placeholderScreens = ['content', 'pages/*', 'blog/*', 'themes', 'themes/:themeId/edit', 'menu', 'contact', 'users', 'messages', 'settings'];

export default [
  index('routes/site/home.tsx'),
  route('login', 'routes/site/login.tsx'),
  route('logout', 'routes/resources/logout.ts'),
  route('media/*', 'routes/resources/media-file.ts'),
  route('admin/media/upload', 'routes/resources/media-upload.ts'),
  route('admin/media/picker', 'routes/resources/media-picker.ts'),

  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/dashboard.tsx'),
    route('search', 'routes/admin/search.tsx'),
    route('media', 'routes/admin/media.tsx'),
    // Until the blog editor lands: shows the Featured Image field with the media picker.
    route('blog/new', 'routes/admin/blog-new-stub.tsx'),
    ...placeholderScreens.map((path) => route(path, 'routes/admin/placeholder.tsx', { id: `admin/${path}` })),
    route('*', 'routes/admin/not-found.tsx'),
  ]),
  route('*', 'routes/site/not-found.tsx'),
] satisfies RouteConfig;
