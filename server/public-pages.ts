import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import {
  type AppLoadContext,
  createRequestHandler,
  createStaticHandler,
  type DataRouteObject,
  type EntryContext,
  type LoaderFunctionArgs,
  type ServerBuild,
  type StaticHandlerContext,
} from 'react-router';

import type { renderWholeDocument } from '#app/entry.server.tsx';
import { isStaticPage, SITE_LAYOUT_ROUTE_ID } from '#app/lib/static-pages.ts';

import { answeringRoute, PUBLIC_PAGE_ROUTE_IDS } from './cacheable-routes.ts';

type ServerRoute = NonNullable<ServerBuild['routes'][string]>;

/** A whole answer: a public page's HTML as rendered, or React Router's answer read to its end. */
export interface RenderedAnswer {
  status: number;
  headers: Headers;
  /** Empty for HEAD. */
  body: string | Buffer;
}
/** Renders one GET or HEAD: a public page the short way, anything else by React Router. */
export type RenderRequest = (request: Request, context: AppLoadContext) => Promise<RenderedAnswer>;

/** Query parameters React Router reads itself, and a staff member's theme preview (personal, never stored, rare): those go its way. */
const FRAMEWORK_PARAMS = ['index', '_routes', 'theme-preview', 'theme-draft'];

/**
 * Whether a GET of `pathname` is a public page the shorter way below can render (the router's own
 * matching decides, on the whole app's routes).
 */
export function isPublicPagePath(build: ServerBuild, method: string, pathname: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const id = answeringRoute(build, pathname);
  return id !== null && PUBLIC_PAGE_ROUTE_IDS.has(id);
}

/** A loader as React Router's server runtime calls it: a `data()` with a redirect status is thrown as a redirect. */
function callLoader(loader: NonNullable<ServerRoute['module']['loader']>) {
  return async (args: LoaderFunctionArgs) => {
    const result: unknown = await loader(args as Parameters<typeof loader>[0]);
    const init = (result as { type?: string; init?: ResponseInit } | null)?.init;
    if ((result as { type?: string } | null)?.type === 'DataWithResponseInit' && init?.status && init.status >= 300 && init.status < 400) {
      throw new Response(null, init);
    }
    return result;
  };
}

/** The data routes of the public pages alone: the document, the site layout and its pages. */
function publicDataRoutes(build: ServerBuild, parentId: string | undefined): DataRouteObject[] {
  const wanted = (route: ServerRoute) => route.id === 'root' || route.id === SITE_LAYOUT_ROUTE_ID || PUBLIC_PAGE_ROUTE_IDS.has(route.id);
  return Object.values(build.routes)
    .filter((route): route is ServerRoute => !!route && route.parentId === parentId && wanted(route))
    .map((route) => {
      const common = {
        id: route.id,
        path: route.path,
        caseSensitive: route.caseSensitive,
        hasErrorBoundary: route.id === 'root' || route.module.ErrorBoundary != null,
        handle: route.module.handle as unknown,
        loader: route.module.loader ? callLoader(route.module.loader) : undefined,
      };
      return route.index ? { ...common, index: true as const } : { ...common, children: publicDataRoutes(build, route.id) };
    });
}

/**
 * The document's headers as React Router builds them when no route failed: each route's `headers`
 * (the root passes its loader's on), and every loader's cookies.
 */
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

/**
 * Public pages the short way. React Router's document request does, per request, work these pages
 * do not need: it matches and builds route objects for the whole app (the admin's dozens of routes),
 * copies the request twice for every loader, and encodes all loader data for a hydration these
 * pages never do (decision 015). Here the router's own static handler runs the loaders of the
 * public routes alone, and the app's entry (entry.server.tsx) renders the same `ServerRouter`.
 * Anything out of the ordinary (a redirect, an error, a 404, another status) returns null, and
 * React Router answers that request itself, so error pages, redirects and headers stay its own.
 */
export function createPublicPageRenderer(build: ServerBuild) {
  const handler = createStaticHandler(publicDataRoutes(build, undefined), { basename: build.basename });
  const ids = new Set(handler._internalRouteBranches.flatMap((branch) => branch.routesMeta.map((meta) => meta.route.id)));
  const manifest = { ...build.assets, routes: Object.fromEntries(Object.entries(build.assets.routes).filter(([id]) => ids.has(id))) };
  const routeModules = Object.fromEntries([...ids].map((id) => [id, build.routes[id]!.module]));

  const { renderWholeDocument: renderDocument } = build.entry.module as unknown as { renderWholeDocument: typeof renderWholeDocument };

  return async (request: Request, loadContext: AppLoadContext): Promise<RenderedAnswer | null> => {
    const url = new URL(request.url);
    if (!isPublicPagePath(build, request.method, url.pathname) || url.pathname.endsWith('.data')) return null;
    if (FRAMEWORK_PARAMS.some((name) => url.searchParams.has(name))) return null;
    // The location React Router's document request gives the router: no trailing slash, the query re-encoded.
    const search = url.search && new URLSearchParams(url.search).toString();
    const pathname = url.pathname.length > 1 && url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : url.pathname;
    const location = { pathname, search: search ? `?${search}` : '', hash: '' };
    const context = await handler.query(request, { requestContext: loadContext, normalizePath: () => location });
    if (context instanceof Response || context.errors || context.statusCode !== 200) return null;
    if (!isStaticPage(context.matches.map((match) => match.route))) return null;
    const entryContext: EntryContext = {
      manifest,
      routeModules,
      branches: handler._internalRouteBranches,
      staticHandlerContext: context,
      // No serverHandoffString: only <Scripts> reads it, and these pages are not hydrated.
      renderMeta: {},
      future: build.future,
      ssr: build.ssr,
      isSpaMode: false,
      routeDiscovery: build.routeDiscovery,
      serializeError: () => ({ message: 'Unexpected Server Error', stack: undefined }),
    };
    const headers = documentHeaders(build, context);
    const html = renderDocument(request, headers, entryContext, loadContext);
    return { status: 200, headers, body: request.method === 'HEAD' ? '' : html };
  };
}

const renderers = new WeakMap<ServerBuild, ReturnType<typeof createPublicPageRenderer>>();

/**
 * Public pages rendered the short way, anything else by React Router's request handler. `build` is
 * a function in development (Vite swaps modules), resolved per request there.
 */
export function createRenderRequest(build: ServerBuild | (() => Promise<ServerBuild>), mode: string): RenderRequest {
  const handle = createRequestHandler(build, mode);
  return async (request, context) => {
    const resolved = typeof build === 'function' ? await build() : build;
    let renderPage = renderers.get(resolved);
    if (!renderPage) renderers.set(resolved, (renderPage = createPublicPageRenderer(resolved)));
    const page = await renderPage(request, context);
    if (page) return page;
    const response = await handle(request, context);
    return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
  };
}

/** The Fetch API request React Router reads, for an Express request whose body (a GET has none) is not needed. */
export function toWebRequest(req: ExpressRequest, signal: AbortSignal, method = 'GET'): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  return new Request(`${req.protocol}://${req.get('host')}${req.originalUrl}`, { method, headers, signal });
}

/**
 * A signal aborted when the visitor goes away before the answer is sent. Not on every close: an
 * abort builds a DOMException with its stack, a measurable share of a page's render time.
 */
export function signalOnDisconnect(res: ExpressResponse): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** A rendered answer's status and headers on the Express response (its body's length is set by the sender). */
export function setAnswerHead(res: ExpressResponse, answer: Pick<RenderedAnswer, 'status' | 'headers'>): void {
  res.status(answer.status);
  answer.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') res.setHeader(name, value);
  });
  for (const cookie of answer.headers.getSetCookie()) res.append('Set-Cookie', cookie);
}

/**
 * Public pages rendered for one visitor (a session or flash cookie, a spelling the cache does not
 * keep): rendered by `render` and sent as one buffer, as the HTML cache sends what it renders,
 * rather than piped through React Router's Express adapter. Every other request goes on.
 */
export function renderPublicPages(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  render: RenderRequest;
  loadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const build = typeof options.build === 'function' ? await options.build() : options.build;
      if (!isPublicPagePath(build, req.method, req.path)) return next();
      const { status, headers, body } = await options.render(
        toWebRequest(req, signalOnDisconnect(res), req.method),
        options.loadContext(req, res),
      );
      setAnswerHead(res, { status, headers });
      if (req.method === 'HEAD') return res.end();
      res.setHeader('Content-Length', Buffer.byteLength(body));
      res.end(body);
    } catch (error) {
      next(error);
    }
  };
}
