import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppLoadContext, ServerBuild } from 'react-router';

import { detectLanguage } from '#app/i18n/detect.ts';
import {
  type CachedPage,
  type CachedPageWire,
  cacheGeneration,
  publicCacheControl,
  readCachedPage,
  storeCachedPage,
} from '#app/services/cache/html-cache.server.ts';

import { isCacheableRoute } from './cacheable-routes.ts';
import { type RenderRequest, setAnswerHead, signalOnDisconnect, toWebRequest } from './public-pages.ts';
import { isUnder, requestPath, type RequestTarget } from './request-path.ts';

export const VARY = 'Accept-Encoding, Accept-Language, Cookie';
// Cookies that mean "this response is personal": a session or a pending flash message.
const PERSONAL_COOKIES = /(?:^|;\s*)(?:atelier_session|atelier_toast)=/;
// Personal pages, and files that must stream with their own caching (media, ranges for video).
const UNCACHED_PREFIXES = ['/admin', '/login', '/logout', '/language', '/__manifest', '/media'];
const CACHEABLE_TYPES = /^(text\/html|application\/xml|application\/rss\+xml|text\/plain)\b/;
/**
 * The one spelling of a public URL the cache keeps: lowercase, no percent-encoding, no empty or
 * dot segments, no trailing slash. Other spellings (/Blog, /blog/, /%62log) reach the same route
 * but are rendered uncached, so they cannot multiply the cache's entries.
 */
const CANONICAL_PATH = /^(?:\/[a-z0-9][a-z0-9.-]*)+$|^\/$/;

/** Where a list is paginated: `?page=N` is part of the key there alone; anywhere else a page query is rendered, never stored. */
const PAGINATED_PATHS: ReadonlySet<string> = new Set(['/blog']);
/** ?page=N for N ≥ 2 (?page=1 is the list spelled twice); pages past the last are 404s, which are never stored. */
const PAGE_QUERY = /^page=(?:[2-9]|[1-9]\d{1,4})$/;

type LanguageOf = (cookieHeader: string, acceptLanguage: string) => string;
const detectedLanguage: LanguageOf = (cookieHeader, acceptLanguage) => detectLanguage({ query: null, cookieHeader, acceptLanguage });

/**
 * The cache key for an anonymous GET of a public page, or null when the request must be rendered for this visitor
 * alone. The one key for every way a hit is answered (the node:http fast path and Express), decided on the request's
 * one normalised path (server/request-path.ts). Only `?page=N` on a paginated list may appear in the query, so random
 * query strings cannot flood the cache. `language` lets the fast path pass its memoised detection.
 */
export function publicCacheKey(
  req: RequestTarget & Pick<IncomingMessage, 'method' | 'headers'>,
  language: LanguageOf = detectedLanguage,
): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const { raw, path, data, query } = requestPath(req);
  // Canonical: spelled exactly as the router reads it (so lowercase, unescaped, no trailing slash), narrowed by the pattern.
  if (data || raw !== path || !CANONICAL_PATH.test(path)) return null;
  for (const prefix of UNCACHED_PREFIXES) if (isUnder(path, prefix)) return null;
  if (query && !(PAGINATED_PATHS.has(path) && PAGE_QUERY.test(query))) return null;
  const headers = req.headers;
  const cookie = headers.cookie ?? '';
  if (headers.authorization || PERSONAL_COOKIES.test(cookie)) return null;
  return `${language(cookie, headers['accept-language'] ?? '')} ${path}${query ? `?${query}` : ''}`;
}

/**
 * A page rendered for the cache carries this response's random nonce on the
 * inline scripts the app emitted (and on nothing else: markup that slipped
 * into content cannot know it). The cached copy drops the nonce, and its CSP
 * allows exactly those scripts by hash, so injected scripts stay blocked.
 */
export function cspForCachedPage(policy: string, html: string, nonce: string): { csp: string; html: string } {
  const hashes = new Set<string>();
  const marker = ` nonce="${nonce}"`;
  // A scan with indexOf, not a regular expression: linear in the page's size whatever it holds.
  let tagEnd = 0;
  for (let open = html.indexOf('<script'); open !== -1 && nonce; open = html.indexOf('<script', tagEnd)) {
    tagEnd = html.indexOf('>', open);
    if (tagEnd === -1) break;
    const tag = html.slice(open, tagEnd + 1);
    // Scripts with src are allowed by 'self'; only inline ones need a hash.
    if (!tag.includes(marker) || /\ssrc\s*=/i.test(tag)) continue;
    const close = html.indexOf('</script>', tagEnd);
    if (close === -1) break;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(html.slice(tagEnd + 1, close), 'utf8')
        .digest('base64')}'`,
    );
  }
  const sources = [...hashes].join(' ');
  return { csp: policy.replace(/\s*'nonce-[^']*'/g, sources ? ` ${sources}` : ''), html: nonce ? html.replaceAll(marker, '') : html };
}

// Headers a hit sets itself; everything else the server set on the rendering response (security headers) is kept.
const PER_ENTRY_HEADERS = new Set([
  'content-security-policy',
  'cache-control',
  'vary',
  'etag',
  'x-cache',
  'content-type',
  'content-length',
  'content-encoding',
  'set-cookie',
  // Debug Mode's figures belong to one administrator's request, never to a page shared with visitors.
  'server-timing',
]);

/**
 * The prepared header blocks of a cached entry: `base` is what the server's middleware set on the
 * response that rendered it (helmet's headers, minus the nonce CSP), then the entry's own headers.
 */
export function wireHeaders(base: Record<string, unknown>, page: Omit<CachedPage, 'wire'>): CachedPageWire {
  const common: string[] = [];
  for (const [name, value] of Object.entries(base)) {
    if (PER_ENTRY_HEADERS.has(name.toLowerCase()) || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) common.push(name, String(item));
  }
  common.push('Cache-Control', publicCacheControl(), 'Vary', VARY, 'ETag', page.etag, 'X-Cache', 'HIT');
  if (page.csp) common.push('Content-Security-Policy', page.csp);
  const withBody = (body: Buffer, encoding?: string) => [
    ...common,
    'Content-Type',
    page.contentType,
    ...(encoding ? ['Content-Encoding', encoding] : []),
    'Content-Length',
    String(body.length),
  ];
  return { identity: withBody(page.body), gzip: withBody(page.gzip, 'gzip'), br: withBody(page.br, 'br'), notModified: common };
}

export function preferredEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  const value = accept ?? '';
  if (/\bbr\b/.test(value)) return 'br';
  if (/\bgzip\b/.test(value)) return 'gzip';
  return null;
}

export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
}

function sendCached(req: Request, res: Response, page: CachedPage, outcome: 'HIT' | 'MISS'): void {
  res.setHeader('Cache-Control', publicCacheControl());
  res.setHeader('Vary', VARY);
  res.setHeader('ETag', page.etag);
  res.setHeader('X-Cache', outcome);
  if (page.csp) res.setHeader('Content-Security-Policy', page.csp);
  else res.removeHeader('Content-Security-Policy');
  if (matchesEtag(req.headers['if-none-match'], page.etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', page.contentType);
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const body = encoding ? page[encoding] : page.body;
  // Setting Content-Encoding makes the compression middleware leave the bytes alone.
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.status(page.status);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * A stored page's compressed copies, made on libuv's thread pool so the event loop keeps answering while they are
 * made, at levels that cost less than the render (gzip 6, brotli 6: on the home page about 0.2 and 0.4 ms against
 * 8 ms for brotli 9, for copies within 1 % of the size).
 */
function compressForCache(body: Buffer): Promise<[Buffer, Buffer]> {
  return Promise.all([
    gzipAsync(body, { level: 6 }),
    brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);
}

/**
 * Answers cache hits as early as possible (before compression and static
 * files); a miss falls through. Only paths the app rendered with 200 are ever
 * stored, so a hit can never shadow a static file.
 */
export function serveCachedPages(req: Request, res: Response, next: NextFunction): void {
  const key = publicCacheKey(req);
  const cached = key ? readCachedPage(key) : undefined;
  if (!cached) return next();
  sendCached(req, res, cached, 'HIT');
}

/**
 * Serves anonymous public GETs from the in-memory HTML cache, rendering and
 * storing them on a miss. A cached page is sent to many visitors, so it is
 * stored without a nonce and its CSP lists the hashes of the app's own inline
 * scripts instead (see cspForCachedPage). Everything else goes to `next()`.
 */
export function publicHtmlCache(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  render: RenderRequest;
  loadContext: (req: Request) => Omit<AppLoadContext, 'cspNonce'>;
}): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = publicCacheKey(req);
    if (!key) return next();
    try {
      const cached = readCachedPage(key);
      if (cached) return sendCached(req, res, cached, 'HIT');
      // Decided on the route React Router would pick, not on how the path is spelled.
      const build = typeof options.build === 'function' ? await options.build() : options.build;
      if (!isCacheableRoute(build, requestPath(req).path)) return next();

      const generation = cacheGeneration();
      const nonce = res.locals.cspNonce;
      const response = await options.render(toWebRequest(req, signalOnDisconnect(res)), {
        ...options.loadContext(req),
        cspNonce: nonce,
      } as AppLoadContext);
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
        const page: CachedPage = { ...entry, wire: wireHeaders(res.getHeaders(), entry) };
        storeCachedPage(key, page, generation);
        return sendCached(req, res, page, 'MISS');
      }

      // Not cacheable (a 404, a redirect, a cookie being set): send it as rendered.
      setAnswerHead(res, response);
      if (html) res.setHeader('Content-Security-Policy', csp);
      res.setHeader('Cache-Control', setsCookie ? 'private, no-store' : 'no-cache');
      res.setHeader('X-Cache', 'BYPASS');
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      next(error);
    }
  };
}
