import { matchRoutes, type ServerBuild } from 'react-router';

type RouteNode = Parameters<typeof matchRoutes>[0][number];
type ServerRoute = NonNullable<ServerBuild['routes'][string]>;

/** The public pages: the landing page, the blog, an article and a static page. */
export const PUBLIC_PAGE_ROUTE_IDS: ReadonlySet<string> = new Set([
  'routes/site/home',
  'routes/site/blog',
  'routes/site/blog-post',
  'routes/site/page',
]);

/** The routes whose anonymous answers are the same for every visitor: the public pages and feeds. */
const CACHEABLE_ROUTE_IDS = new Set([
  ...PUBLIC_PAGE_ROUTE_IDS,
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

/** Paths already matched, per build: matching flattens and ranks every route of the app each time. */
const answered = new WeakMap<ServerBuild['routes'], Map<string, string | null>>();
/** A bound on the paths remembered: visitors can ask for any path, so past it the memory starts again. */
const MAX_REMEMBERED_PATHS = 10_000;

/**
 * The id of the route React Router answers `path` with (its last match), or null when none does.
 * Matching is the router's own (case-insensitive, decoded), so /Media/… or /%6Dedia/… are seen for
 * what they are: the media file route.
 */
export function answeringRoute(build: ServerBuild, path: string): string | null {
  let paths = answered.get(build.routes);
  if (!paths) answered.set(build.routes, (paths = new Map()));
  let id = paths.get(path);
  if (id === undefined) {
    id = matchRoutes(routeTree(build.routes), path)?.at(-1)?.route.id ?? null;
    if (paths.size >= MAX_REMEMBERED_PATHS) paths.clear();
    paths.set(path, id);
  }
  return id;
}

/** Whether the route React Router will answer `path` with is a public page or feed. */
export function isCacheableRoute(build: ServerBuild, path: string): boolean {
  const id = answeringRoute(build, path);
  return id !== null && CACHEABLE_ROUTE_IDS.has(id);
}
