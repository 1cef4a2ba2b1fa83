import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { invalidatePublicCache } from '#app/services/cache/html-cache.server.ts';
import { type BuiltServer, startBuiltServer } from '#tests/support/built-server.ts';

// Hits are answered by node:http before Express runs: they must still say everything a rendered answer says.
describe('cache hits answered before Express', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer('sqlite');
  });
  afterAll(() => server.close());

  it('carry the same security headers as the response that filled the cache, with the same body and ETag', async () => {
    invalidatePublicCache();
    for (const path of ['/', '/blog', '/about']) {
      const miss = await server.send('GET', path);
      const hit = await server.send('GET', path);
      expect([miss.headers['x-cache'], hit.headers['x-cache']], path).toEqual(['MISS', 'HIT']);
      for (const name of [
        'content-security-policy',
        'strict-transport-security',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
        'cache-control',
        'vary',
        'etag',
        'content-type',
      ]) {
        expect(hit.headers[name], `${path} ${name}`).toBe(miss.headers[name]);
      }
      expect(hit.headers['content-security-policy']).not.toContain('nonce');
      expect(hit.body).toBe(miss.body);
      expect(Number(hit.headers['content-length'])).toBe(Buffer.byteLength(hit.body));
    }
  });

  it('refuse an unknown host, and render for a signed-in visitor', async () => {
    await server.send('GET', '/');
    expect((await server.send('GET', '/', { headers: { Host: 'evil.example' } })).status).toBe(400);
    const cookie = await server.signInAsAdmin();
    const staff = await server.send('GET', '/', { headers: { Cookie: cookie } });
    expect(staff.status).toBe(200);
    expect(staff.headers['x-cache']).toBeUndefined();
    expect(staff.headers['content-security-policy']).toMatch(/'nonce-[^']+'/);
  });
});
