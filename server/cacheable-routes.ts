import { matchRoutes, type ServerBuild } from 'react-router';

type RouteNode = Parameters<typeof matchRoutes>[0][number];
type ServerRoute = NonNullable<ServerBuild['routes'][string]>;

/** The routes whose anonymous answers are the same for every visitor: the public pages and feeds. */
const CACHEABLE_ROUTE_IDS = new Set([
  'routes/site/home',
  'routes/site/blog',
  'routes/site/blog-post',
  'routes/site/page',
  'routes/resources/sitemap',
  'routes/resources/robots',
  'routes/resources/rss',
]);

const trees = new WeakMap<ServerBuild['routes'], RouteNode[]>();

function routeTree(routes: ServerBuild['routes']): RouteNode[] {
  let tree = trees.get(routes);
  if (tree) return tree;
  const children = new Map<string | undefined, ServerRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), route]);
  }
  const build = (parentId: string | undefined): RouteNode[] =>
    (children.get(parentId) ?? []).map((route) => {
      const nested = build(route.id);
      const node: RouteNode = route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, ...(nested.length ? { children: nested } : {}) };
      return node;
    });
  tree = build(undefined);
  trees.set(routes, tree);
  return tree;
}

/**
 * Whether the route React Router will answer `path` with is a public page or
 * feed. Matching is the router's own (case-insensitive, decoded), so /Media/…
 * or /%6Dedia/… are seen for what they are: the media file route.
 */
export function isCacheableRoute(build: ServerBuild, path: string): boolean {
  const matches = matchRoutes(routeTree(build.routes), path);
  const last = matches?.at(-1)?.route.id;
  return last !== undefined && CACHEABLE_ROUTE_IDS.has(last);
}
