import { createHash } from 'node:crypto';

import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppLoadContext, ServerBuild } from 'react-router';

import { cacheGeneration } from '#app/services/cache/html-cache.server.ts';

import { requestPath } from '../request-path.ts';
import { publicCacheKey } from './cache-key.ts';
import { compressForCache, cspForCachedPage, sendCached, wireHeaders } from './cached-answer.ts';
import { type CachedPage, readCachedPage, storeCachedPage } from './page-store.ts';
import { type RenderedAnswer, type RenderRequest, setAnswerHead, signalOnDisconnect, toWebRequest } from './render.ts';
import { publicDeliveryFor } from './routes.ts';

const CACHEABLE_TYPES = /^(text\/html|application\/xml|application\/rss\+xml|text\/plain)\b/;

/**
 * The one way in of a public GET through Express (the node:http fast path, server/public/fast-path.ts,
 * answers the simplest hits before it with the same key and store). With a cache key (an anonymous
 * GET of a canonical public URL): a stored page is sent; on a miss, a route that declares itself
 * public (its `handle`) is rendered, stored when it may be shared, and sent. Without a key (a
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

      const generation = cacheGeneration();
      const answer = await options.render(toWebRequest(req, signalOnDisconnect(res), key ? 'GET' : method), options.loadContext(req, res));
      if (key) return storeAndSend(req, res, key, answer, generation);
      setAnswerHead(res, answer);
      if (method === 'HEAD') return res.end();
      res.setHeader('Content-Length', Buffer.byteLength(answer.body));
      res.end(answer.body);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * A page rendered for the store is sent to many visitors: it is stored without a nonce, and its CSP
 * lists the hashes of the app's own inline scripts instead (see cspForCachedPage). Only a 200 of a
 * shareable type that sets no cookie is stored; anything else is sent as rendered.
 */
async function storeAndSend(req: Request, res: Response, key: string, response: RenderedAnswer, generation: number): Promise<void> {
  const nonce = res.locals.cspNonce as string;
  const contentType = response.headers.get('Content-Type') ?? '';
  const html = contentType.startsWith('text/html');
  const policy = String(res.getHeader('Content-Security-Policy') ?? '');
  const page = html && policy ? cspForCachedPage(policy, response.body.toString(), nonce) : null;
  const csp = page?.csp ?? '';
  const rendered = page ? page.html : response.body;
  const body = typeof rendered === 'string' ? Buffer.from(rendered) : rendered;
  const setsCookie = response.headers.getSetCookie().length > 0;

  if (response.status === 200 && !setsCookie && CACHEABLE_TYPES.test(contentType)) {
    const [gzipped, brotli] = await compressForCache(body);
    const entry = {
      status: 200,
      body,
      gzip: gzipped,
      br: brotli,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      contentType,
      csp,
      storedAt: Date.now(),
    };
    const stored: CachedPage = { ...entry, wire: wireHeaders(res.getHeaders(), entry) };
    storeCachedPage(key, stored, generation);
    return sendCached(req, res, stored, 'MISS');
  }

  // Not cacheable (a 404, a redirect, a cookie being set): send it as rendered.
  setAnswerHead(res, response);
  if (html) res.setHeader('Content-Security-Policy', csp);
  res.setHeader('Cache-Control', setsCookie ? 'private, no-store' : 'no-cache');
  res.setHeader('X-Cache', 'BYPASS');
  res.end(req.method === 'HEAD' ? undefined : body);
}
