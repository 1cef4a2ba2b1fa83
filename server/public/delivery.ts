import { createHash } from 'node:crypto';

import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppLoadContext, ServerBuild } from 'react-router';

import { policyWithSources } from '#app/lib/code-injection.ts';
import { cacheGeneration, stillCurrent } from '#app/services/cache/html-cache.server.ts';

import { requestPath } from '../request-path.ts';
import { publicCacheKey } from './cache-key.ts';
import { compressForCache, cspForCachedPage, sendCached, wireHeaders } from './cached-answer.ts';
import { type CachedPage, readCachedPage, readStalePage, storeCachedPage } from './page-store.ts';
import { type RenderedAnswer, type RenderRequest, setAnswerHead, signalOnDisconnect, toWebRequest } from './render.ts';
import { publicDeliveryFor } from './routes.ts';

const CACHEABLE_TYPES = /^(text\/html|application\/xml|application\/rss\+xml|text\/plain)\b/;

/** A render for the store in progress: the visitors asking for its key meanwhile wait for it instead of rendering too. */
interface Flight {
  /** The local cache generation when it started: a write since then that covers its key makes it too old to join. */
  generation: number;
  /** The stored page, or null when the answer may not be shared (a 404, a cookie): then each visitor renders their own. */
  page: Promise<CachedPage | null>;
}

// One render per key at a time (on globalThis, like the store, so every copy of this module shares it).
const holder = globalThis as typeof globalThis & { __atelierRenderFlights?: Map<string, Flight> };
const flights: Map<string, Flight> = (holder.__atelierRenderFlights ??= new Map());

/**
 * The one way in of a public GET through Express (the node:http fast path, server/public/fast-path.ts,
 * answers the simplest hits before it with the same key and store). With a cache key (an anonymous
 * GET of a canonical public URL): a stored page is sent; a page past the Cache TTL that no write changed is sent
 * stale while one render refreshes it; on a miss, a route that declares itself public (its `handle`) is rendered
 * once for everyone asking for that key meanwhile, stored when it may be shared, and sent. Without a key (a
 * session or flash cookie, a spelling the cache does not keep), a public page is rendered for this
 * visitor alone and sent as one buffer. Anything else goes on to React Router's request handler.
 */
export function publicDelivery(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  render: RenderRequest;
  loadContext: (req: Request, res: Response) => AppLoadContext;
}): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const key = publicCacheKey(req);
      const cached = key ? readCachedPage(key) : undefined;
      if (cached) return sendCached(req, res, cached, 'HIT');
      const method = req.method;
      if (method !== 'GET' && method !== 'HEAD') return next();
      // Decided on the route React Router would pick, not on how the path is spelled.
      const build = typeof options.build === 'function' ? await options.build() : options.build;
      const delivery = publicDeliveryFor(build, requestPath(req).path);
      if (!delivery || (!key && delivery !== 'page')) return next();

      if (key) {
        const stale = readStalePage(key);
        const flight = flights.get(key);
        const current = flight && stillCurrent(key, flight.generation) ? flight : undefined;
        if (stale) {
          // Past the Cache TTL, unchanged by any write: the visitor has it now, one render refreshes it behind.
          if (!current) void startFlight(key, req, res, options).page.catch(() => undefined);
          return sendCached(req, res, stale, 'STALE');
        }
        if (current) {
          const page = await current.page.catch(() => null);
          if (page) return sendCached(req, res, page, 'MISS');
        } else {
          const started = startFlight(key, req, res, options);
          const page = await started.page;
          if (page) return sendCached(req, res, page, 'MISS');
          if (started.answer) return sendUnstored(req, res, started.answer);
        }
      }

      const answer = await options.render(toWebRequest(req, signalOnDisconnect(res), key ? 'GET' : method), options.loadContext(req, res));
      if (key) return sendUnstored(req, res, prepare(policyOf(res), res.locals.cspNonce as string, answer));
      setAnswerHead(res, answer);
      if (method === 'HEAD') return res.end();
      res.setHeader('Content-Length', Buffer.byteLength(answer.body));
      res.end(answer.body);
    } catch (error) {
      next(error);
    }
  };
}

/** A rendered answer made ready for many visitors: its nonce taken out, its inline scripts allowed by hash. */
interface PreparedAnswer {
  response: RenderedAnswer;
  body: Buffer;
  csp: string;
  html: boolean;
  setsCookie: boolean;
}

/**
 * A page rendered for the store is sent to many visitors: it is stored without a nonce, and its CSP
 * lists the hashes of the app's own inline scripts instead (see cspForCachedPage).
 */
function prepare(policy: string, nonce: string, response: RenderedAnswer): PreparedAnswer {
  const contentType = response.headers.get('Content-Type') ?? '';
  const html = contentType.startsWith('text/html');
  const page = html && policy ? cspForCachedPage(policy, response.body.toString(), nonce) : null;
  const rendered = page ? page.html : response.body;
  return {
    response,
    body: typeof rendered === 'string' ? Buffer.from(rendered) : rendered,
    csp: page?.csp ?? '',
    html,
    setsCookie: response.headers.getSetCookie().length > 0,
  };
}

const policyOf = (res: Response) => String(res.getHeader('Content-Security-Policy') ?? '');

/**
 * Renders `key` for the store, once: the render does not stop when this visitor goes away (others may be waiting
 * for it). Only a 200 of a shareable type that sets no cookie is stored; anything else is left on the flight for
 * the visitor who started it (`answer`), and the others render their own.
 */
function startFlight(
  key: string,
  req: Request,
  res: Response,
  options: { render: RenderRequest; loadContext: (req: Request, res: Response) => AppLoadContext },
): Flight & { answer?: PreparedAnswer } {
  const generation = cacheGeneration();
  // What the server's middleware set on this response (security headers, the nonce CSP), read before anything is
  // sent on it: a visitor served a stale page has had its own headers replaced by the time the render ends.
  const base = { ...res.getHeaders() };
  let policy = policyOf(res);
  const nonce = res.locals.cspNonce as string;
  // Settings → Code Injection's script sources go into the stored page's policy, not into the response of whoever
  // started the render (who may be served something else by the time it ends).
  const loadContext: AppLoadContext = {
    ...options.loadContext(req, res),
    allowScriptSources: (sources: readonly string[]) => (policy = policyWithSources(policy, sources)),
  };
  const flight: Flight & { answer?: PreparedAnswer } = { generation, page: Promise.resolve(null) };
  const render = async (): Promise<CachedPage | null> => {
    try {
      const answer = await options.render(toWebRequest(req, new AbortController().signal, 'GET'), loadContext);
      const rendered = prepare(policy, nonce, answer);
      const contentType = rendered.response.headers.get('Content-Type') ?? '';
      if (rendered.response.status !== 200 || rendered.setsCookie || !CACHEABLE_TYPES.test(contentType)) {
        flight.answer = rendered;
        return null;
      }
      const [gzipped, brotli] = await compressForCache(rendered.body);
      const entry = {
        status: 200,
        body: rendered.body,
        gzip: gzipped,
        br: brotli,
        etag: `"${createHash('sha1').update(rendered.body).digest('base64url')}"`,
        contentType,
        csp: rendered.csp,
        storedAt: Date.now(),
      };
      const stored: CachedPage = { ...entry, wire: wireHeaders(base, entry) };
      storeCachedPage(key, stored, generation);
      return stored;
    } finally {
      if (flights.get(key) === flight) flights.delete(key);
    }
  };
  flights.set(key, flight);
  flight.page = render();
  return flight;
}

/** Not stored (a 404, a redirect, a cookie being set): sent as rendered, to this visitor alone. */
function sendUnstored(req: Request, res: Response, answer: PreparedAnswer): void {
  setAnswerHead(res, answer.response);
  if (answer.html) res.setHeader('Content-Security-Policy', answer.csp);
  res.setHeader('Cache-Control', answer.setsCookie ? 'private, no-store' : 'no-cache');
  res.setHeader('X-Cache', 'BYPASS');
  res.end(req.method === 'HEAD' ? undefined : answer.body);
}
