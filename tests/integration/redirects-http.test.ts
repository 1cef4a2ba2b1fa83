import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { type BuiltServer, serverDialects, startBuiltServer } from '#tests/support/built-server.ts';

const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

// Redirects on the real request path of the built app: served before any page is rendered (so before the 404),
// on the path the router reads, counted, never for another method or a data request.
describe.each(serverDialects)('redirects on the request path, on %s', (dialect) => {
  let server: BuiltServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startBuiltServer(dialect);
    cookie = await server.signInAsAdmin();
    for (const [from, to, status] of [
      ['/old-about', '/about', '301'],
      ['/promo', 'https://partner.example/offer#top', '302'],
    ]) {
      const reply = await server.send('POST', '/admin/settings/redirects', {
        headers: { ...form, Cookie: cookie },
        body: new URLSearchParams({ intent: 'save', from: from!, to: to!, status: status! }).toString(),
      });
      expect(reply.status).toBe(302);
    }
  });
  afterAll(() => server.close());

  it('answers a redirected path with its status and target instead of the 404, keeping the query, in any spelling of the path', async () => {
    expect((await server.send('GET', '/never-was')).status).toBe(404);
    const permanent = await server.send('GET', '/old-about');
    expect(permanent.status).toBe(301);
    expect(permanent.headers.location).toBe('/about');
    expect(permanent.headers['cache-control']).toBe('public, max-age=3600');
    for (const spelling of ['/OLD-ABOUT', '/old-about/', '/old%2Dabout', '/%6Fld-about?utm=x']) {
      const reply = await server.send('GET', spelling);
      expect(reply.status, spelling).toBe(301);
      expect(reply.headers.location, spelling).toBe(spelling.includes('?') ? '/about?utm=x' : '/about');
    }
    const temporary = await server.send('HEAD', '/promo?ref=mail');
    expect(temporary.status).toBe(302);
    expect(temporary.headers.location).toBe('https://partner.example/offer?ref=mail#top');
    expect(temporary.headers['cache-control']).toBe('no-store');
    // Not for a form post or a data request.
    expect((await server.send('POST', '/old-about', { headers: form, body: 'x=1' })).status).not.toBe(301);
    expect((await server.send('GET', '/old-about.data')).status).not.toBe(301);
  });

  it('counts hits and the last hit after answering', async () => {
    const before = Number((await server.rows("select hits from redirects where from_path = '/promo'"))[0]!.hits);
    await server.send('GET', '/promo');
    await server.send('GET', '/promo');
    await vi.waitFor(async () => {
      const [row] = await server.rows("select hits, last_hit_at from redirects where from_path = '/promo'");
      expect(Number(row!.hits)).toBe(before + 2);
      expect(row!.last_hit_at).not.toBeNull();
    });
  });

  it('a deleted redirect stops at once and the path is a 404 again', async () => {
    const [row] = await server.rows("select id from redirects where from_path = '/old-about'");
    const reply = await server.send('POST', '/admin/settings/redirects', {
      headers: { ...form, Cookie: cookie },
      body: new URLSearchParams({ intent: 'delete', id: String(row!.id) }).toString(),
    });
    expect(reply.status).toBe(302);
    expect((await server.send('GET', '/old-about')).status).toBe(404);
  });
});
