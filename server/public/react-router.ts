/**
 * Every use of React Router's internals, in this one file (decision 022): what the short render of public pages
 * (render.ts) needs to re-create React Router's document request for a few routes, and what the app's entry needs
 * to drop the hydration data of a page that is not hydrated. Each item is pinned by
 * tests/integration/react-router-contract.test.ts, which fails when an upgrade changes it; render.ts's answers
 * are compared whole with React Router's by tests/integration/public-pages.test.ts.
 *
 * 1. A loader's `data()` is a `DataWithResponseInit` object; the server runtime throws one with a redirect status
 *    as a redirect (`redirectOfData`).
 * 2. `createStaticHandler(…)._internalRouteBranches`: the matched branches the `EntryContext` carries.
 * 3. `query(request, { requestContext, normalizePath })`: the location the document request gives the router.
 * 4. The `EntryContext` the document request hands the entry's renderer, and its hydration data
 *    (`serverHandoffStream`, `serverHandoffString`).
 * 5. How the document's headers are merged from each route's `headers` and its loader's headers and cookies.
 */
import {
  type AppLoadContext,
  createStaticHandler,
  type DataRouteObject,
  type EntryContext,
  type LoaderFunctionArgs,
  type ServerBuild,
  type StaticHandlerContext,
} from 'react-router';

type ServerRoute = NonNullable<ServerBuild['routes'][string]>;

/** What `data(value, init)` returns (React Router does not export the class). */
interface DataWithResponseInit {
  type: 'DataWithResponseInit';
  data: unknown;
  init: ResponseInit | null;
}

/** Item 1: the redirect React Router's server runtime throws for a loader's `data()` with a redirect status, or null. */
export function redirectOfData(result: unknown): Response | null {
  const candidate = result as Partial<DataWithResponseInit> | null;
  const status = candidate?.init?.status;
  if (candidate?.type !== 'DataWithResponseInit' || !status || status < 300 || status >= 400) return null;
  return new Response(null, candidate.init!);
}

/** A loader as React Router's server runtime calls it. */
function callLoader(loader: NonNullable<ServerRoute['module']['loader']>) {
  return async (args: LoaderFunctionArgs) => {
    const result: unknown = await loader(args as Parameters<typeof loader>[0]);
    const redirect = redirectOfData(result);
    if (redirect) throw redirect;
    return result;
  };
}

/** The data routes of the routes in `wanted` (parents included by the caller), as the server runtime builds them. */
function dataRoutes(build: ServerBuild, wanted: ReadonlySet<string>, parentId: string | undefined): DataRouteObject[] {
  return Object.values(build.routes)
    .filter((route): route is ServerRoute => !!route && route.parentId === parentId && wanted.has(route.id))
    .map((route) => {
      const common = {
        id: route.id,
        path: route.path,
        caseSensitive: route.caseSensitive,
        hasErrorBoundary: route.id === 'root' || route.module.ErrorBoundary != null,
        handle: route.module.handle as unknown,
        loader: route.module.loader ? callLoader(route.module.loader) : undefined,
      };
      return route.index ? { ...common, index: true as const } : { ...common, children: dataRoutes(build, wanted, route.id) };
    });
}

/** Item 5: the document's headers as React Router builds them when no route failed. */
function documentHeaders(build: ServerBuild, context: StaticHandlerContext): Headers {
  const addCookies = (from: Headers, to: Headers) => {
    const present = new Set(to.getSetCookie());
    for (const cookie of from.getSetCookie()) if (!present.has(cookie)) to.append('Set-Cookie', cookie);
  };
  return context.matches.reduce((parentHeaders, match) => {
    const loaderHeaders = context.loaderHeaders[match.route.id] ?? new Headers();
    const routeHeaders = build.routes[match.route.id]?.module.headers;
    if (!routeHeaders) {
      const headers = new Headers(parentHeaders);
      addCookies(loaderHeaders, headers);
      return headers;
    }
    const own =
      typeof routeHeaders === 'function'
        ? routeHeaders({ loaderHeaders, parentHeaders, actionHeaders: new Headers(), errorHeaders: undefined })
        : routeHeaders;
    const headers = new Headers(own);
    addCookies(loaderHeaders, headers);
    addCookies(parentHeaders, headers);
    return headers;
  }, new Headers());
}

/** What a document request for the chosen routes produced, ready for the entry's renderer. */
export interface DocumentQuery {
  /** The router's state after the loaders ran: matches, loader data, errors, status. */
  context: StaticHandlerContext;
  /** The document's headers (item 5). */
  headers: Headers;
  /** The context the entry's `ServerRouter` renders, without hydration data (these pages are not hydrated). */
  entryContext: EntryContext;
}

/**
 * React Router's document request, for the routes in `wanted` alone (each with the routes it renders inside):
 * the router's own static handler runs their loaders, and the entry context is built as the server runtime
 * builds it (manifest and route modules narrowed to those routes). Returns the loaders' Response (a redirect or a
 * thrown Response) when they answered with one.
 */
export function createDocumentQuery(build: ServerBuild, wanted: ReadonlySet<string>) {
  const handler = createStaticHandler(dataRoutes(build, wanted, undefined), { basename: build.basename });
  const branches = handler._internalRouteBranches;
  const ids = new Set(branches.flatMap((branch) => branch.routesMeta.map((meta) => meta.route.id)));
  const manifest = { ...build.assets, routes: Object.fromEntries(Object.entries(build.assets.routes).filter(([id]) => ids.has(id))) };
  const routeModules = Object.fromEntries([...ids].map((id) => [id, build.routes[id]!.module]));

  return async (request: Request, loadContext: AppLoadContext): Promise<DocumentQuery | Response> => {
    // Item 3: the location React Router's document request gives the router: no trailing slash, the query re-encoded.
    const url = new URL(request.url);
    const search = url.search && new URLSearchParams(url.search).toString();
    const pathname = url.pathname.length > 1 && url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : url.pathname;
    const location = { pathname, search: search ? `?${search}` : '', hash: '' };
    const context = await handler.query(request, { requestContext: loadContext, normalizePath: () => location });
    if (context instanceof Response) return context;
    const entryContext: EntryContext = {
      manifest,
      routeModules,
      branches,
      staticHandlerContext: context,
      // No serverHandoffString nor serverHandoffStream: only <Scripts> reads them, and these pages are not hydrated.
      renderMeta: {},
      future: build.future,
      ssr: build.ssr,
      isSpaMode: false,
      routeDiscovery: build.routeDiscovery,
      serializeError: () => ({ message: 'Unexpected Server Error', stack: undefined }),
    };
    return { context, headers: documentHeaders(build, context), entryContext };
  };
}

/**
 * Item 4, for the app's entry: a page React Router's own document request rendered (an error page of the public
 * site) and that is not hydrated leaves its encoded loader data unread, rather than cancelled, which makes the
 * stream's later writes throw.
 */
export function dropHydrationData(entryContext: EntryContext): void {
  entryContext.serverHandoffStream = undefined;
}
