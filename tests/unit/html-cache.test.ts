import { afterEach, describe, expect, it } from 'vitest';
import {
  type CachedPage,
  cacheGeneration,
  HTML_CACHE_MAX_ENTRIES,
  HTML_CACHE_TTL_MS,
  invalidatePublicCache,
  readCachedPage,
  storeCachedPage,
} from '#app/services/cache/html-cache.server.ts';
import { cspWithScriptHashes, publicCacheKey } from '#server/html-cache.ts';

const page = (text: string): CachedPage => ({
  status: 200,
  body: Buffer.from(text),
  gzip: Buffer.alloc(0),
  br: Buffer.alloc(0),
  etag: `"${text}"`,
  contentType: 'text/html',
  csp: '',
  storedAt: Date.now(),
});

describe('HTML cache store', () => {
  afterEach(() => invalidatePublicCache());

  it('serves what was stored until invalidatePublicCache() is called', () => {
    storeCachedPage('en /', page('a'), cacheGeneration());
    expect(readCachedPage('en /')?.etag).toBe('"a"');
    invalidatePublicCache();
    expect(readCachedPage('en /')).toBeUndefined();
  });

  it('does not store a page rendered before an invalidation', () => {
    const generation = cacheGeneration();
    invalidatePublicCache();
    expect(storeCachedPage('en /blog', page('old'), generation)).toBe(false);
    expect(readCachedPage('en /blog')).toBeUndefined();
  });

  it('expires entries after the TTL and evicts the least recently used', () => {
    storeCachedPage('en /old', { ...page('x'), storedAt: Date.now() - HTML_CACHE_TTL_MS - 1 }, cacheGeneration());
    expect(readCachedPage('en /old')).toBeUndefined();
    for (let i = 0; i <= HTML_CACHE_MAX_ENTRIES; i++) storeCachedPage(`en /p${i}`, page(String(i)), cacheGeneration());
    expect(readCachedPage('en /p0')).toBeUndefined();
    expect(readCachedPage(`en /p${HTML_CACHE_MAX_ENTRIES}`)).toBeDefined();
  });
});

describe('which requests the cache may answer', () => {
  const req = (path: string, query: Record<string, string> = {}, headers: Record<string, string> = {}, method = 'GET') =>
    ({ method, path, query, headers }) as Parameters<typeof publicCacheKey>[0];

  it('keys anonymous public GETs by language and path', () => {
    expect(publicCacheKey(req('/'))).toBe('en /');
    expect(publicCacheKey(req('/blog', { page: '2' }, { 'accept-language': 'fr' }))).toBe('fr /blog?page=2');
    expect(publicCacheKey(req('/blog', {}, { cookie: 'lng=fr' }))).toBe('fr /blog');
  });

  it('never answers signed-in visitors, flash messages, writes, admin, media files, data requests or unknown query strings', () => {
    expect(publicCacheKey(req('/', {}, { cookie: 'atelier_session=abc' }))).toBeNull();
    expect(publicCacheKey(req('/', {}, { cookie: 'atelier_toast=abc' }))).toBeNull();
    expect(publicCacheKey(req('/', {}, {}, 'POST'))).toBeNull();
    expect(publicCacheKey(req('/admin'))).toBeNull();
    expect(publicCacheKey(req('/admin/pages'))).toBeNull();
    expect(publicCacheKey(req('/login'))).toBeNull();
    expect(publicCacheKey(req('/media/seed/hero-photo.jpg'))).toBeNull();
    expect(publicCacheKey(req('/blog.data'))).toBeNull();
    expect(publicCacheKey(req('/', { lng: 'fr' }))).toBeNull();
    expect(publicCacheKey(req('/blog', { page: 'abc' }))).toBeNull();
    expect(publicCacheKey(req('/', { utm: 'x' }))).toBeNull();
  });
});

describe('script-hash CSP for nonce-free cached pages', () => {
  it('replaces the nonce with the hashes of inline scripts only', () => {
    const html = '<script src="/a.js"></script><script>console.log(1)</script><script type="module">import "/b.js";</script>';
    const csp = cspWithScriptHashes("default-src 'self';script-src 'self' 'nonce-abc';style-src 'self'", html);
    expect(csp).not.toContain('nonce');
    expect(csp).toContain("'sha256-");
    expect(csp.match(/'sha256-/g)).toHaveLength(2);
    expect(csp).toMatch(/^default-src 'self';script-src 'self' 'sha256-[^;]+;style-src 'self'$/);
  });
});
