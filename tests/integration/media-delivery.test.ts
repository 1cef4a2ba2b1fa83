import { writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadEnv } from '#app/env.server.ts';
import type { MediaItem } from '#app/lib/media-item.ts';
import * as mediaFile from '#app/routes/resources/media-file.ts';
import { createMediaFromFile } from '#app/services/media/upload-media.server.ts';
import { securityHeaders } from '#server/security.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { startS3Server } from '#tests/support/s3-server.ts';
import { jpeg } from '#tests/support/uploads.ts';

type Loader = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<Response>;

/** GET /media/<key> through the route, as React Router calls it; a thrown answer (404) is answered too. */
async function getMedia(key: string, headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`http://localhost/media/${key}`, { headers });
  try {
    return await (mediaFile.loader as unknown as Loader)({ request, params: { '*': key }, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const init = (thrown as { init?: ResponseInit }).init;
    return new Response(null, { status: init?.status ?? 500 });
  }
}

async function uploadFile(name: string, data: Buffer, claimedMime: string): Promise<MediaItem> {
  const dir = await mkdtemp(path.join(tmpdir(), 'atelier-delivery-'));
  const file = path.join(dir, name);
  writeFileSync(file, data);
  return createMediaFromFile({ path: file, name, claimedMime, size: data.length });
}

const keyOf = (url: string) => url.replace(/^\/media\//, '');

// Decision 031: with MEDIA_STORAGE=s3, /media/ either streams the file through Atelier with today's headers, or
// (MEDIA_DELIVERY=redirect) sends the browser to S3_PUBLIC_URL, the store or its CDN, which serves the same headers.
describe('media delivery from an S3-compatible store', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.stop();
  });

  it('refuses MEDIA_DELIVERY=redirect without the store and its public address, with a clear message', () => {
    expect(() => loadEnv({ NODE_ENV: 'test', DATA_DIR: tmpdir(), MEDIA_DELIVERY: 'redirect' })).toThrow(
      /MEDIA_DELIVERY: redirect needs MEDIA_STORAGE=s3 and S3_PUBLIC_URL/,
    );
    expect(() => loadEnv({ NODE_ENV: 'test', DATA_DIR: tmpdir(), ...s3.env, MEDIA_DELIVERY: 'redirect' })).toThrow(/S3_PUBLIC_URL/);
    expect(() => loadEnv({ NODE_ENV: 'test', DATA_DIR: tmpdir(), ...s3.env, S3_PUBLIC_URL: 'ftp://cdn.example' })).toThrow(
      /S3_PUBLIC_URL: must be an http/,
    );
  });

  it('allows the public address in img-src and media-src when redirecting, and nothing more otherwise', async () => {
    const policyWith = async (mediaOrigin?: string) => {
      const app = express();
      app.use((_req, res, next) => ((res.locals.cspNonce = 'n'), next()), securityHeaders({ development: false, mediaOrigin }));
      app.get('/', (_req, res) => void res.send('ok'));
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
        return answer.headers.get('content-security-policy') ?? '';
      } finally {
        server.close();
      }
    };
    expect(await policyWith('https://cdn.example.com')).toMatch(
      /img-src 'self' data: blob: https:\/\/cdn\.example\.com;.*media-src 'self' blob: https:\/\/cdn\.example\.com/,
    );
    expect(await policyWith()).toMatch(/img-src 'self' data: blob:;/);
  });

  describe.each(testDialects)('on $name', (dialect) => {
    let image: MediaItem;
    let text: MediaItem;
    let publicBase: string;
    beforeAll(async () => {
      publicBase = `${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}/`;
      loadTestEnv({ ...s3.env, S3_PREFIX: `${dialect.name}/`, S3_PUBLIC_URL: publicBase, MEDIA_DELIVERY: 'stream' });
      await dialect.open();
      image = await uploadFile('harbour.jpg', await jpeg(900, 600), 'image/jpeg');
      text = await uploadFile('notes été.txt', Buffer.from('plain words\n'), 'text/plain');
    });
    afterAll(async () => {
      await dialect.close();
    });

    it('streams through Atelier with the same cache headers, ranges and ETag as from the disk', async () => {
      const key = keyOf(image.url);
      const answer = await getMedia(key);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/jpeg');
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const etag = answer.headers.get('etag')!;
      expect(etag).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect(bytes.length).toBe(image.fileSize);
      expect((await getMedia(key, { 'If-None-Match': etag })).status).toBe(304);
      const part = await getMedia(key, { Range: 'bytes=10-19' });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(10, 20));
      const variant = await getMedia(keyOf(image.variants[0]!.url));
      expect(variant.status).toBe(200);
      expect(variant.headers.get('content-type')).toBe('image/webp');
      expect((await getMedia(keyOf(text.url))).headers.get('content-disposition')).toMatch(/^attachment; filename="notes _t_.txt"/);
      expect((await getMedia('2026/01/nobody-knows-this.jpg')).status).toBe(404);
    });

    it('redirects to the public address, where the store serves the same bytes with the same headers', async () => {
      // Backups stay on the disk: the start refuses them in a bucket browsers can read.
      loadTestEnv({
        ...s3.env,
        S3_PREFIX: `${dialect.name}/`,
        S3_PUBLIC_URL: publicBase,
        MEDIA_DELIVERY: 'redirect',
        BACKUP_STORAGE: 'local',
      });
      // The environment changed its data folder, not the database or the bucket: the rows still name the same keys.
      const key = keyOf(image.url);
      const answer = await getMedia(key);
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe(`${publicBase}${dialect.name}/${key}`);
      expect(answer.headers.get('cache-control')).toBe('public, max-age=86400');

      const direct = await fetch(answer.headers.get('location')!);
      expect(direct.status).toBe(200);
      expect(direct.headers.get('content-type')).toBe('image/jpeg');
      expect(direct.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await direct.arrayBuffer());
      expect(bytes.length).toBe(image.fileSize);
      const part = await fetch(answer.headers.get('location')!, { headers: { Range: 'bytes=10-19' } });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(10, 20));

      const variant = await fetch((await getMedia(keyOf(image.variants[0]!.url))).headers.get('location')!);
      expect(variant.headers.get('content-type')).toBe('image/webp');
      // A file a browser must not show is a download at the store too.
      const download = await fetch((await getMedia(keyOf(text.url))).headers.get('location')!);
      expect(download.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(download.headers.get('content-disposition')).toBe(
        `attachment; filename="notes _t_.txt"; filename*=UTF-8''notes%20%C3%A9t%C3%A9.txt`,
      );
      // The seeded files, stored at the first start, are served the same way.
      const seeded = await getMedia('seed/app-screenshot.png');
      expect(seeded.status).toBe(302);
      const seededDirect = await fetch(seeded.headers.get('location')!);
      expect(seededDirect.status).toBe(200);
      expect(seededDirect.headers.get('content-type')).toBe('image/png');
      // A key no row names is not redirected anywhere.
      expect((await getMedia('2026/01/nobody-knows-this.jpg')).status).toBe(404);
    });
  });
});
