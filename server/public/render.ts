import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';

import type { renderWholeDocument } from '#app/entry.server.tsx';
import { isStaticPage } from '#app/lib/static-pages.ts';

import { createDocumentQuery } from './react-router.ts';
import { publicDeliveryFor, publicPageRouteIds } from './routes.ts';

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
function isPublicPagePath(build: ServerBuild, method: string, pathname: string): boolean {
  return (method === 'GET' || method === 'HEAD') && publicDeliveryFor(build, pathname) === 'page';
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
  const query = createDocumentQuery(build, publicPageRouteIds(build));
  const { renderWholeDocument: renderDocument } = build.entry.module as unknown as { renderWholeDocument: typeof renderWholeDocument };

  return async (request: Request, loadContext: AppLoadContext): Promise<RenderedAnswer | null> => {
    const url = new URL(request.url);
    if (!isPublicPagePath(build, request.method, url.pathname) || url.pathname.endsWith('.data')) return null;
    if (FRAMEWORK_PARAMS.some((name) => url.searchParams.has(name))) return null;
    const document = await query(request, loadContext);
    if (document instanceof Response) return null;
    const { context, headers, entryContext } = document;
    if (context.errors || context.statusCode !== 200 || !isStaticPage(context.matches.map((match) => match.route))) return null;
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
