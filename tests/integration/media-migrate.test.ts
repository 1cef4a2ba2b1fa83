import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { getEnv } from '#app/env.server.ts';
import type { MediaItem } from '#app/lib/media-item.ts';
import { storedVariants } from '#app/services/media/media-rows.server.ts';
import type { MediaStorage } from '#app/services/media/media-storage.ts';
import { migrateMedia, storageOfKind } from '#app/services/media/migrate-media.server.ts';
import { createMediaFromFile } from '#app/services/media/upload-media.server.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { startS3Server } from '#tests/support/s3-server.ts';
import { jpeg } from '#tests/support/uploads.ts';

const run = promisify(execFile);

async function uploadFile(name: string, data: Buffer, claimedMime: string): Promise<MediaItem> {
  const dir = await mkdtemp(path.join(tmpdir(), 'atelier-migrate-'));
  const file = path.join(dir, name);
  writeFileSync(file, data);
  return createMediaFromFile({ path: file, name, claimedMime, size: data.length });
}

/** Every key the media rows name, originals and variants. */
async function namedKeys(): Promise<string[]> {
  const rows = await getDb().selectFrom('media').select(['storage_key', 'variants']).execute();
  return rows.flatMap((row) => [row.storage_key, ...storedVariants(row).map((variant) => variant.key)]).sort();
}

async function readAll(storage: MediaStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A storage that refuses every put after the first `limit`: a run stopped part-way. */
function stoppingAfter(storage: MediaStorage, limit: number): MediaStorage {
  let puts = 0;
  const refuse = () => {
    if (++puts > limit) throw new Error('the run was stopped');
  };
  return {
    stat: (key) => storage.stat(key),
    read: (key, range) => storage.read(key, range),
    remove: (key) => storage.remove(key),
    putFile: async (key, file, meta) => (refuse(), storage.putFile(key, file, meta)),
    putBuffer: async (key, data, meta) => (refuse(), storage.putBuffer(key, data, meta)),
  };
}

// `npm run media:migrate`: an existing library (seeded files, an upload with its variants, a document) moved from
// the disk to an S3-compatible server (s3rver, started here) and back, resumable, idempotent, with a report.
describe('moving a media library between the disk and an S3-compatible store', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.stop();
  });

  describe.each(testDialects)('on $name', (dialect) => {
    let image: MediaItem;
    let doc: MediaItem;
    beforeAll(async () => {
      // The site runs on its disk; the bucket is named, as before a move.
      loadTestEnv({ ...s3.env, MEDIA_STORAGE: 'local', S3_PREFIX: `${dialect.name}/` });
      await dialect.open();
      image = await uploadFile('harbour.jpg', await jpeg(900, 600), 'image/jpeg');
      doc = await uploadFile('rates été.txt', Buffer.from('day rate: 600\n'), 'text/plain');
    });
    afterAll(async () => {
      await dialect.close();
    });

    it('copies every file to the bucket, resuming a stopped run and changing nothing when run again', async () => {
      const keys = await namedKeys();
      expect(keys).toContain('seed/app-screenshot.png');
      expect(keys.length).toBeGreaterThan(8);
      const local = storageOfKind('local');
      const bucket = storageOfKind('s3');

      // Stopped after three files: three copied, the rest reported failed, nothing half there.
      const stopped = await migrateMedia({ from: 'local', to: 's3', target: stoppingAfter(bucket, 3) });
      expect(stopped).toMatchObject({ files: keys.length, copied: 3, alreadyThere: 0, missing: [] });
      expect(stopped.failed).toHaveLength(keys.length - 3);
      expect(stopped.failed[0]!.reason).toBe('the run was stopped');

      const resumed = await migrateMedia({ from: 'local', to: 's3' });
      expect(resumed).toMatchObject({ files: keys.length, copied: keys.length - 3, alreadyThere: 3, missing: [], failed: [] });
      expect(resumed.items).toBe((await getDb().selectFrom('media').select('id').execute()).length);

      const again = await migrateMedia({ from: 'local', to: 's3' });
      expect(again).toMatchObject({ copied: 0, bytesCopied: 0, alreadyThere: keys.length, missing: [], failed: [] });

      for (const key of keys) expect(await readAll(bucket, key), key).toEqual(await readAll(local, key));
      // The objects carry their type and, for a file a browser must not show, its download name.
      const publicBase = `${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}/${dialect.name}/`;
      const original = await fetch(`${publicBase}${image.url.replace('/media/', '')}`);
      expect(original.headers.get('content-type')).toBe('image/jpeg');
      const variant = await fetch(`${publicBase}${image.variants[0]!.url.replace('/media/', '')}`);
      expect(variant.headers.get('content-type')).toBe('image/webp');
      const document = await fetch(`${publicBase}${doc.url.replace('/media/', '')}`);
      expect(document.headers.get('content-disposition')).toMatch(/^attachment; filename="rates _t_.txt"/);
      const seeded = await fetch(`${publicBase}seed/app-screenshot.png`);
      expect(seeded.headers.get('content-type')).toBe('image/png');
    }, 120_000);

    it('reports a file in neither storage as missing, and copies the others back to a fresh disk', async () => {
      // The site now runs on the bucket, on another machine (a fresh DATA_DIR).
      loadTestEnv({ ...s3.env, MEDIA_STORAGE: 's3', S3_PREFIX: `${dialect.name}/` });
      const keys = await namedKeys();
      const bucket = storageOfKind('s3');
      const gone = storedVariants(
        await getDb().selectFrom('media').select('variants').where('id', '=', image.id).executeTakeFirstOrThrow(),
      )[0]!.key;
      const kept = await readAll(bucket, gone);
      await bucket.remove(gone);
      const back = await migrateMedia({ from: 's3', to: 'local' });
      expect(back).toMatchObject({ files: keys.length, copied: keys.length - 1, alreadyThere: 0, missing: [gone], failed: [] });
      const local = storageOfKind('local');
      for (const key of keys.filter((key) => key !== gone)) expect(await readAll(local, key), key).toEqual(await readAll(bucket, key));
      expect(await local.stat(gone)).toBeNull();
      await bucket.putBuffer(gone, kept, { contentType: 'image/webp' });
      expect(await migrateMedia({ from: 's3', to: 'local' })).toMatchObject({ copied: 1, alreadyThere: keys.length - 1, missing: [] });
      expect(readFileSync(path.join(getEnv().DATA_DIR, 'uploads', gone))).toEqual(kept);
    }, 120_000);
  });

  it('npm run media:migrate: refuses a missing or unknown target, and moves a SQLite site with its report', async () => {
    const refused = await run('npx', ['tsx', 'scripts/media-migrate.ts', '--to', 'ftp'], { env: { ...process.env } }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run media:migrate -- --to s3') });

    const dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-migrate-cli-'));
    const env = {
      ...process.env,
      ...s3.env,
      MEDIA_STORAGE: 'local',
      S3_PREFIX: 'cli/',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      DATABASE_URL: '',
    };
    // A site as `npm run db:migrate` and the first start leave it: migrated and seeded.
    await run('npx', ['tsx', 'scripts/db-seed.ts'], { env });
    const { stdout } = await run('npx', ['tsx', 'scripts/media-migrate.ts', '--to', 's3'], { env });
    expect(stdout).toMatch(/Media files from local to s3: \d+ items naming \d+ files\./);
    expect(stdout).toMatch(/copied: +[1-9]\d* \(/);
    expect(stdout).toMatch(/failed: +0/);
    const again = await run('npx', ['tsx', 'scripts/media-migrate.ts', '--to=s3'], { env });
    expect(again.stdout).toMatch(/copied: +0 \(0 Bytes\)/);
  }, 120_000);
});
