import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createBackup } from '#app/services/backup/create-backup.server.ts';
import { S3Storage } from '#app/services/media/s3-storage.server.ts';
import { freshDatabase, type Instance, postgresAdminUrl, startInstance, stopInstances } from '#tests/support/instances.ts';
import { startS3Server } from '#tests/support/s3-server.ts';
import { formPost, request, signInProcessAdmin } from '#tests/support/server-process.ts';
import { jpeg } from '#tests/support/uploads.ts';

function multipart(name: string, type: string, data: Buffer): { body: Buffer; type: string } {
  const boundary = `----atelier-s3-${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** GET as bytes (the shared helper reads text). */
async function bytesOf(port: number, target: string, headers: Record<string, string> = {}) {
  const reply = await fetch(`http://127.0.0.1:${port}${target}`, { headers });
  return { status: reply.status, headers: reply.headers, body: Buffer.from(await reply.arrayBuffer()) };
}

// Decision 031: with MEDIA_STORAGE=s3 an upload through A (original and variants) is served by B, from the bucket
// and not from A's disk, and a deletion through A takes it off B too.
describe.runIf(postgresAdminUrl)('media in S3-compatible storage shared by two instances', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let a: Instance, b: Instance;

  beforeAll(async () => {
    [database, s3] = await Promise.all([freshDatabase(), startS3Server()]);
    a = await startInstance(database.url, s3.env);
    await a.listening;
    b = await startInstance(database.url, s3.env);
    await b.listening;
  }, 60_000);

  afterAll(async () => {
    await stopInstances([a, b]);
    await Promise.all([database?.drop(), s3?.stop()]);
  });

  it('serves an image uploaded through A, and its variants, from B; a deletion through A reaches B', async () => {
    const cookie = await signInProcessAdmin(a.port);
    const image = await jpeg(1600, 900);
    const { body, type } = multipart('harbour.jpg', 'image/jpeg', image);
    const uploaded = await request(a.port, 'POST', '/admin/media/upload', {
      headers: { Cookie: cookie, 'Content-Type': type, Accept: 'application/json' },
      body,
    });
    expect(uploaded.status).toBe(201);
    const [item] = (JSON.parse(uploaded.body) as { items: Array<{ id: string; url: string; variants: Array<{ url: string }> }> }).items;
    expect(item!.variants.length).toBeGreaterThan(0);

    const original = await bytesOf(b.port, item!.url);
    expect(original.status).toBe(200);
    // The stored original (its metadata stripped at upload), the same bytes from either instance.
    const fromA = await bytesOf(a.port, item!.url);
    expect(original.body.length).toBeGreaterThan(image.length / 4);
    expect(original.body.equals(fromA.body)).toBe(true);
    expect(original.body.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The same validators from either instance (both read the object's size and time from the store).
    expect(fromA.headers.get('etag')).toBe(original.headers.get('etag'));
    const ranged = await bytesOf(b.port, item!.url, { Range: 'bytes=10-19' });
    expect(ranged.status).toBe(206);
    expect(ranged.body.equals(original.body.subarray(10, 20))).toBe(true);
    for (const variant of item!.variants) {
      const served = await bytesOf(b.port, variant.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.body.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
    // In the bucket, and on neither instance's disk.
    const name = path.basename(item!.url);
    const filesUnder = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String) : []);
    expect(filesUnder(s3.directory).some((file) => file.includes(name))).toBe(true);
    for (const instance of [a, b]) expect(filesUnder(path.join(instance.dataDir, 'uploads'))).toEqual([]);

    const deleted = await formPost(a.port, '/admin/media', { intent: 'delete', ids: item!.id }, { Cookie: cookie });
    expect(deleted.status).toBe(302);
    expect((await bytesOf(b.port, item!.url)).status).toBe(404);
    expect((await bytesOf(b.port, item!.variants[0]!.url)).status).toBe(404);
  });

  it('puts the seeded files in the bucket too, served by both instances', async () => {
    const home = await request(b.port, 'GET', '/');
    const seeded = /\/media\/[a-z0-9/._-]+/i.exec(home.body)?.[0];
    expect(seeded).toBeTruthy();
    for (const instance of [a, b]) expect((await bytesOf(instance.port, seeded!)).status).toBe(200);
  });

  it('backs up the files from the bucket', async () => {
    const storage = new S3Storage({
      bucket: s3.env.S3_BUCKET,
      region: s3.env.S3_REGION,
      endpoint: s3.env.S3_ENDPOINT,
      accessKeyId: s3.env.S3_ACCESS_KEY_ID,
      secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: true,
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'atelier-s3-backup-'));
    const summary = await createBackup(path.join(dir, 'site.tar.gz'), { databaseUrl: database.url, dataDir: dir, storage });
    expect(summary.missingFiles).toEqual([]);
    expect(summary.files).toBeGreaterThan(0);
  });
});
