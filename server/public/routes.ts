import { matchRoutes, type ServerBuild } from 'react-router';

import { publicDeliveryOf, type PublicRouteHandle } from '#app/lib/public-routes.ts';

type RouteNode = Parameters<typeof matchRoutes>[0][number];
type ServerRoute = NonNullable<ServerBuild['routes'][string]>;
export type PublicDelivery = PublicRouteHandle['publicDelivery'];

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
function answeringRoute(build: ServerBuild, path: string): string | null {
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

/**
 * What the route React Router answers `path` with declares with its `handle` (app/lib/public-routes.ts):
 * 'page' (a public page, rendered the short way and stored), 'feed' (stored) or null (rendered per request).
 */
export function publicDeliveryFor(build: ServerBuild, path: string): PublicDelivery | null {
  const id = answeringRoute(build, path);
  return id === null ? null : publicDeliveryOf(build.routes[id]?.module.handle);
}

/** The ids of the routes that declare themselves public pages, and of every route they render inside (the root, the site layout). */
export function publicPageRouteIds(build: ServerBuild): Set<string> {
  const ids = new Set<string>();
  for (const route of Object.values(build.routes)) {
    if (!route || publicDeliveryOf(route.module.handle) !== 'page') continue;
    for (let id: string | undefined = route.id; id !== undefined && !ids.has(id); id = build.routes[id]?.parentId) ids.add(id);
  }
  return ids;
}
