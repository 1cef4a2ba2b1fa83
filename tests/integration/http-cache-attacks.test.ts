import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { invalidatePublicCache } from '#app/services/cache/html-cache.server.ts';
import { htmlCacheStats } from '#server/public/page-store.ts';
import { type BuiltServer, serverDialects, startBuiltServer } from '#tests/support/built-server.ts';

// Attacks on the shared public page cache, sent as raw HTTP to the built app (issue 8, items 2, 3, 11, 12).
describe.each(serverDialects)('the public cache under attack on %s', (dialect) => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer(dialect);
  });
  afterAll(() => server.close());

  const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

  it('refuses a request for another host with 400 and never renders it into the cache (Host header poisoning)', async () => {
    invalidatePublicCache();
    for (const path of ['/', '/blog', '/robots.txt', '/sitemap.xml', '/rss.xml']) {
      const poisoned = await server.send('GET', path, { headers: { Host: 'evil.example' } });
      expect(poisoned.status, path).toBe(400);
      expect(poisoned.body).not.toContain('evil.example');
      const forwarded = await server.send('GET', path, { headers: { 'X-Forwarded-Host': 'evil.example' } });
      expect(forwarded.status, path).toBe(400);
    }
    expect(htmlCacheStats().entries).toBe(0);
    // What every visitor then gets names the configured origin (SITE_URL, by default http://localhost:PORT).
    for (const path of ['/', '/robots.txt', '/sitemap.xml', '/rss.xml']) {
      const page = await server.send('GET', path);
      expect(page.status, path).toBe(200);
      expect(page.body).not.toContain('evil.example');
      expect(page.body, path).toContain(`http://localhost:${server.port}/`);
    }
    expect((await server.send('GET', '/', { headers: { Host: `localhost:${server.port}` } })).status).toBe(200);
    expect((await server.send('GET', '/healthz', { headers: { Host: '10.0.0.7:3000' } })).status).toBe(200);
  });

  it('is not emptied by an anonymous POST to an admin screen', async () => {
    invalidatePublicCache();
    await server.send('GET', '/');
    expect((await server.send('GET', '/')).headers['x-cache']).toBe('HIT');
    for (const path of ['/admin/blog', '/admin/pages/trash', '/ADMIN/blog', '/admin']) {
      const attack = await server.send('POST', path, { headers: form, body: 'intent=trash&id=x' });
      expect(attack.status, path).not.toBe(500); // a redirect to the sign-in page (or 405), as before
    }
    expect((await server.send('GET', '/')).headers['x-cache']).toBe('HIT');
  });

  it('is emptied by a successful write of a signed-in administrator', async () => {
    const cookie = await server.signInAsAdmin();
    await server.send('GET', '/blog');
    expect((await server.send('GET', '/blog')).headers['x-cache']).toBe('HIT');
    const write = await server.send('POST', '/admin/blog/categories', { headers: { ...form, Cookie: cookie }, body: 'name=Cache%20Test' });
    expect(write.status).toBe(200);
    expect((await server.send('GET', '/blog')).headers['x-cache']).toBe('MISS');
  });

  it('stores only canonical URLs: case, encoding and slash variants, and pages past the last, are rendered uncached', async () => {
    invalidatePublicCache();
    const variants = [
      '/Blog',
      '/BLOG',
      '/blog/',
      '/%62log',
      '/%62%6Cog',
      '/About',
      '/about/',
      '/blog/Getting-Started-With-Web-Development',
    ];
    for (const path of variants) {
      const reply = await server.send('GET', path);
      expect(reply.status, path).toBeLessThan(500);
      expect(reply.headers['x-cache'], path).not.toBe('MISS');
    }
    const past = await server.send('GET', '/blog?page=999');
    expect(past.status).toBe(404);
    expect(htmlCacheStats().entries).toBe(0);
    expect((await server.send('GET', '/blog?page=999')).headers['x-cache']).not.toBe('HIT');
  });

  it('streams /Media/… and /%6Dedia/… through the media route, never through the page cache', async () => {
    invalidatePublicCache();
    for (const path of [
      '/media/seed/hero-photo.jpg',
      '/Media/seed/hero-photo.jpg',
      '/%6Dedia/seed/hero-photo.jpg',
      '/MEDIA/seed/hero-photo.jpg',
    ]) {
      const reply = await server.send('GET', path, { headers: { Range: 'bytes=0-9' } });
      expect(reply.headers['x-cache'], path).toBeUndefined();
      expect(reply.status, path).not.toBe(500);
    }
    expect(htmlCacheStats().entries).toBe(0);
  });

  it('allows on a cached page only the inline scripts the app emitted, by hash, and carries no nonce', async () => {
    invalidatePublicCache();
    const page = await server.send('GET', '/');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).not.toContain('nonce-');
    expect(page.body).not.toContain('nonce=');
    const inline = [...page.body.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>/g)];
    expect(csp.match(/'sha256-/g) ?? []).toHaveLength(inline.length);
  });
});
