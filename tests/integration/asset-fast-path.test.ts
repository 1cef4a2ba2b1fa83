import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type BuiltServer, startBuiltServer } from '#tests/support/built-server.ts';

const assetsDir = path.resolve(process.env.BUILD_DIR ?? 'build', 'client', 'assets');
const stylesheet = `/assets/${readdirSync(assetsDir).find((name) => /^app-.*\.css$/.test(name))}`;
const font = `/assets/${readdirSync(assetsDir).find((name) => name.endsWith('.woff2'))}`;

// The build's hashed files: the first answer comes from Express (express.static), later ones from memory.
describe('build files answered from memory before Express', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer('sqlite');
  });
  afterAll(() => server.close());

  /** Asks until the fast path answers (the file is read and compressed after the first answer has gone out). */
  async function untilKept(target: string, headers: Record<string, string> = {}) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const reply = await server.send('GET', target, { headers: { Host: new URL(server.origin).host, ...headers } });
      if (reply.headers['x-cache'] === 'HIT') return reply;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${target} was never answered from memory`);
  }

  it('say what the first answer said, security headers included, with the same bytes and no nonce', async () => {
    for (const target of [stylesheet, font]) {
      const first = await server.send('GET', target);
      expect(first.status, target).toBe(200);
      expect(first.headers['x-cache']).toBeUndefined();
      const kept = await untilKept(target);
      for (const name of [
        'content-type',
        'cache-control',
        'etag',
        'last-modified',
        'strict-transport-security',
        'x-content-type-options',
        'cross-origin-resource-policy',
        'x-frame-options',
      ]) {
        expect(kept.headers[name], `${target} ${name}`).toBe(first.headers[name]);
      }
      expect(kept.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(first.headers['content-security-policy']).toMatch(/'nonce-/);
      expect(kept.headers['content-security-policy']).toBe(
        String(first.headers['content-security-policy']).replace(/\s*'nonce-[^']*'/g, ''),
      );
      expect(Number(kept.headers['content-length'])).toBe(readFileSync(path.join(assetsDir, path.basename(target))).length);
    }
  });

  it('compress text with brotli or gzip, to the very bytes of the file', async () => {
    await untilKept(stylesheet);
    const file = readFileSync(path.join(assetsDir, path.basename(stylesheet)), 'utf8');
    for (const encoding of ['br', 'gzip']) {
      const raw = await server.send('GET', stylesheet, { headers: { 'Accept-Encoding': encoding } });
      expect(raw.headers['x-cache']).toBe('HIT');
      expect(raw.headers['content-encoding']).toBe(encoding);
      expect(raw.headers.vary).toBe('Accept-Encoding');
      const decoded = await fetch(server.origin + stylesheet, { headers: { 'Accept-Encoding': encoding } });
      expect(await decoded.text()).toBe(file);
    }
    // A font is already compressed: it is sent as it is.
    const woff2 = await untilKept(font, { 'Accept-Encoding': 'br, gzip' });
    expect(woff2.headers['content-encoding']).toBeUndefined();
  });

  it('answer a matching If-None-Match with 304 and HEAD without a body', async () => {
    const kept = await untilKept(stylesheet);
    const etag = kept.headers.etag!;
    const notModified = await server.send('GET', stylesheet, { headers: { 'If-None-Match': etag } });
    expect([notModified.status, notModified.headers['x-cache'], notModified.body]).toEqual([304, 'HIT', '']);
    const head = await server.send('HEAD', stylesheet);
    expect([head.status, head.headers['x-cache'], head.body]).toEqual([200, 'HIT', '']);
    expect(head.headers['content-length']).toBe(kept.headers['content-length']);
  });

  it('leave ranges, unknown hosts, queries and missing names to Express', async () => {
    await untilKept(stylesheet);
    const range = await server.send('GET', stylesheet, { headers: { Range: 'bytes=0-9' } });
    expect([range.status, range.body.length, range.headers['x-cache']]).toEqual([206, 10, undefined]);
    expect((await server.send('GET', stylesheet, { headers: { Host: 'evil.example' } })).status).toBe(400);
    expect((await server.send('GET', `${stylesheet}?v=2`)).headers['x-cache']).toBeUndefined();
    for (let attempt = 0; attempt < 3; attempt++) {
      const missing = await server.send('GET', '/assets/not-a-build-file.css');
      expect([missing.status, missing.headers['x-cache']]).toEqual([404, undefined]);
    }
    expect((await server.send('GET', '/assets/../package.json')).status).not.toBe(200);
  });
});
