import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { invalidatePublicCache } from '#app/services/cache/html-cache.server.ts';
import { htmlCacheStats } from '#server/public/page-store.ts';
import { type BuiltServer, serverDialects, startBuiltServer } from '#tests/support/built-server.ts';

// Issue 21, items 1, 8 and 11, sent as raw HTTP to the built app: every path rule (maintenance exemptions, body
// limits, the admin's Cache-Control, page views, the HTML cache) decides on the path the router renders, dot segments
// in any spelling are refused before any rule runs, views are counted once per visitor, and the page cache keys only
// the paginated list's page numbers.
const DOT_PATHS = ['/admin/../', '/admin/%2e%2e/', '/admin/%2E%2E/', '/media/../blog', '/login/../about'];
const MORE_DOT_PATHS = ['/admin/.%2e/', '/admin/%2e./', '/admin/./../', '/admin%2f..%2f', '/admin\\..\\', '/blog/..', '/./'];
const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const isRefusal = (reply: { status: number; body: string }) => reply.status === 400 && reply.body.includes('dot segment');
const isSitePage = (body: string) => body.includes('<main id="main"');

describe.each(serverDialects)('path rules on the path the router renders, on %s', (dialect) => {
  let server: BuiltServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startBuiltServer(dialect);
    cookie = await server.signInAsAdmin();
  });
  afterAll(() => server.close());

  const setMaintenance = (on: boolean) => server.setMaintenance(cookie, on);

  it('refuses a path with a dot segment in any spelling with 400 before any rule, for every method', async () => {
    for (const path of [...DOT_PATHS, ...MORE_DOT_PATHS]) {
      for (const method of ['GET', 'HEAD', 'POST']) {
        const reply = await server.send(method, path, method === 'POST' ? { headers: form, body: 'x=1' } : {});
        expect(reply.status, `${method} ${path}`).toBe(400);
        if (method !== 'HEAD') expect(reply.body, path).toContain('dot segment');
      }
    }
    // Dots inside a segment are no dot segment.
    expect((await server.send('GET', '/robots.txt')).status).toBe(200);
  });

  it('Maintenance Mode: a dot-segment path never shows a visitor the site', async () => {
    await setMaintenance(true);
    try {
      for (const path of DOT_PATHS) {
        const reply = await server.send('GET', path);
        expect(isRefusal(reply), `${path} answered ${reply.status}`).toBe(true);
        expect(isSitePage(reply.body), path).toBe(false);
      }
      expect((await server.send('GET', '/')).status).toBe(503);
      // The exemptions still hold, decided on the path the router reads: /%61dmin is the admin, /%62log the blog.
      expect((await server.send('GET', '/%61dmin')).status).toBe(302);
      expect((await server.send('GET', '/%62log')).status).toBe(503);
      expect((await server.send('GET', '/healthz')).status).toBe(200);
    } finally {
      await setMaintenance(false);
    }
  });

  it('body limits: POST /admin/media/../../?index gets the public 16 KB limit or is refused before its body is read', async () => {
    const started = Date.now();
    const body = `message=${'x'.repeat(900 * 1024)}`;
    const [attack, health] = await Promise.all([
      server.send('POST', '/admin/media/../../?index', { headers: form, body }),
      server.send('GET', '/healthz'),
    ]);
    expect(isRefusal(attack) || attack.status === 413, `answered ${attack.status}: ${attack.body.slice(0, 200)}`).toBe(true);
    expect(health.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    for (const path of DOT_PATHS.map((dots) => `${dots}?index`)) {
      const reply = await server.send('POST', path, { headers: form, body: `message=${'x'.repeat(20 * 1024)}` });
      expect(isRefusal(reply) || reply.status === 413, path).toBe(true);
    }
    // The admin limit follows the router too: /%61dmin/… is the admin (a 20 KB form is let through to its guard).
    const admin = await server.send('POST', '/%61dmin/content', { headers: form, body: `heroTitle=${'x'.repeat(20 * 1024)}` });
    expect(admin.status).toBe(302);
  });

  it('admin Cache-Control: every spelling of an admin page is private, no-store; a dot-segment path is never rendered', async () => {
    for (const path of ['/admin', '/ADMIN', '/%61dmin', '/%41DMIN/blog', '/admin/']) {
      const reply = await server.send('GET', path, { headers: { Cookie: cookie } });
      expect(reply.status, path).toBe(200);
      expect(reply.body, path).toContain('aria-label="Admin"');
      expect(reply.headers['cache-control'], path).toBe('private, no-store');
      const anonymous = await server.send('GET', path);
      expect(anonymous.headers.location, path).toMatch(/^\/login\?redirectTo=/);
      expect(anonymous.headers['cache-control'], path).toBe('private, no-store');
    }
    for (const path of DOT_PATHS) {
      const reply = await server.send('GET', path, { headers: { Cookie: cookie } });
      expect(isRefusal(reply), path).toBe(true);
    }
  });

  it('HTML cache: a dot-segment path is neither answered from the cache nor stored', async () => {
    invalidatePublicCache();
    await server.send('GET', '/');
    await server.send('GET', '/blog');
    await server.send('GET', '/about');
    const stored = htmlCacheStats().entries;
    for (const path of [...DOT_PATHS, ...MORE_DOT_PATHS]) {
      const reply = await server.send('GET', path);
      expect(reply.headers['x-cache'], path).toBeUndefined();
      expect(isRefusal(reply), path).toBe(true);
    }
    expect(htmlCacheStats().entries).toBe(stored);
  });

  it('page views: counted on the path rendered, once per visitor and day, cache hits included, never for robots', async () => {
    invalidatePublicCache();
    const viewsOf = async (path: string) => {
      const rows = await server.rows(`select coalesce(sum(views), 0) as views from page_views where path = '${path}'`);
      return Number(rows[0]?.views ?? 0);
    };
    const visitor = { 'User-Agent': BROWSER };
    // 50 views of the landing page from one browser: the first rendered, the rest cache hits on both hit paths.
    for (let i = 0; i < 50; i++) {
      const reply = await server.send('GET', '/', { headers: i % 2 ? visitor : { ...visitor, 'Accept-Encoding': 'br' } });
      expect(reply.status).toBe(200);
    }
    for (const path of DOT_PATHS) await server.send('GET', path, { headers: visitor });
    // Other spellings of /about are /about.
    for (const path of ['/About', '/%61bout', '/about/']) await server.send('GET', path, { headers: visitor });
    for (const robot of ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0', '']) {
      await server.send('GET', '/blog', { headers: { 'User-Agent': robot } });
    }
    // Views are written every 10 seconds.
    const deadline = Date.now() + 20_000;
    while ((await viewsOf('/')) === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await viewsOf('/')).toBe(1);
    expect(await viewsOf('/about')).toBe(1);
    expect(await viewsOf('/blog')).toBe(0);
    const paths = (await server.rows('select distinct path from page_views')).map((row) => String(row.path)).sort();
    expect(paths).toEqual(['/', '/about']);
  }, 40_000);

  it('keys ?page=N only on the paginated blog list: /?page=4242 and /about?page=777 are rendered, never stored', async () => {
    invalidatePublicCache();
    for (const path of ['/?page=4242', '/about?page=777', '/?page=2', '/blog/getting-started-with-web-development?page=3']) {
      for (let i = 0; i < 2; i++) {
        const reply = await server.send('GET', path);
        expect(reply.status, path).toBe(200);
        expect(reply.headers['x-cache'], path).toBeUndefined();
      }
    }
    expect(htmlCacheStats().entries).toBe(0);
    const past = await server.send('GET', '/blog?page=4242');
    expect(past.status).toBe(404);
    expect(past.headers['x-cache']).not.toBe('HIT');
    expect(htmlCacheStats().entries).toBe(0);
    // The canonical pages are still stored and answered from the cache.
    const first = await server.send('GET', '/blog');
    expect(first.headers['x-cache']).toBe('MISS');
    const again = await server.send('GET', '/blog');
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.body).toBe(first.body);
  });
});
