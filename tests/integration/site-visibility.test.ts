import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type BuiltServer, serverDialects, startBuiltServer } from '#tests/support/built-server.ts';

const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

// Settings → Advanced on the built app: Discourage search engines and Hide view counts, stored and applied to
// every public page, cached or not.
describe.each(serverDialects)('discourage search engines and hide view counts, on %s', (dialect) => {
  let server: BuiltServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startBuiltServer(dialect);
    cookie = await server.signInAsAdmin();
  });
  afterAll(() => server.close());

  const saveAdvanced = async (fields: Record<string, string>) => {
    const reply = await server.send('POST', '/admin/settings', {
      headers: { ...form, Cookie: cookie },
      body: new URLSearchParams({ intent: 'advanced', cacheTtl: '3600', ...fields }).toString(),
    });
    expect(reply.status).toBeLessThan(400);
  };

  it('says noindex on every page and Disallow: / in robots.txt while on, and nothing of it once off', async () => {
    // Cached before the change: the change clears them.
    await server.send('GET', '/blog');
    expect((await server.send('GET', '/robots.txt')).body).toContain('Allow: /\n');
    await saveAdvanced({ discourageSearchEngines: 'on' });
    expect((await server.send('GET', '/robots.txt')).body).toBe('User-agent: *\nDisallow: /\n');
    for (const path of ['/', '/blog', '/blog', '/about', '/blog/getting-started-with-web-development', '/nowhere']) {
      const reply = await server.send('GET', path);
      expect(reply.headers['x-robots-tag'], path).toBe('noindex, nofollow');
      expect(reply.body, path).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
    const admin = await server.send('GET', '/admin', { headers: { Cookie: cookie } });
    expect(admin.body).toContain('Search engines discouraged');

    await saveAdvanced({});
    expect((await server.send('GET', '/robots.txt')).body).toContain('Sitemap:');
    const home = await server.send('GET', '/');
    expect(home.headers['x-robots-tag']).toBeUndefined();
    expect(home.body).not.toContain('noindex');
    expect((await server.send('GET', '/admin', { headers: { Cookie: cookie } })).body).not.toContain('Search engines discouraged');
  });

  it('hides view counts on cards and articles while on', async () => {
    const article = '/blog/getting-started-with-web-development';
    expect((await server.send('GET', article)).body).toContain('data-testid="post-views"');
    await saveAdvanced({ hideViewCounts: 'on' });
    for (const path of ['/blog', article]) expect((await server.send('GET', path)).body, path).not.toContain('data-testid="post-views"');
    await saveAdvanced({});
    expect((await server.send('GET', '/blog')).body).toContain('data-testid="post-views"');
  });
});
