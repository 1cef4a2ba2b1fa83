import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

import type { Request, Response } from 'express';

import { htmlCacheTtlMs } from '#app/services/cache/html-cache.server.ts';

import type { CachedPage, CachedPageWire } from './page-store.ts';

export const VARY = 'Accept-Encoding, Accept-Language, Cookie';

/** How long a shared cache (nginx's proxy_cache, a CDN) may call a page fresh: the bound on seeing an edit through it. */
const SHARED_CACHE_FRESH_SECONDS = 1;

/**
 * Browsers revalidate every time (cheap 304s by ETag). Shared caches, which no write purges, keep a page fresh for
 * one second and may serve it a second longer while one request refreshes it, so an edit shows through them within
 * about a second too (decision 022, "Shared caches"); they may serve it for the Cache TTL when Atelier answers with
 * an error or not at all.
 */
export function publicCacheControl(): string {
  const fresh = SHARED_CACHE_FRESH_SECONDS;
  return `public, max-age=0, s-maxage=${fresh}, stale-while-revalidate=${fresh}, stale-if-error=${Math.round(htmlCacheTtlMs() / 1000)}`;
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

/**
 * A stored page sent through Express: a hit the fast path left to it, a page just rendered and stored (MISS), or a
 * page past the Cache TTL sent while one render refreshes it (STALE).
 */
export function sendCached(req: Request, res: Response, page: CachedPage, outcome: 'HIT' | 'MISS' | 'STALE'): void {
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
export function compressForCache(body: Buffer): Promise<[Buffer, Buffer]> {
  return Promise.all([
    gzipAsync(body, { level: 6 }),
    brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);
}
