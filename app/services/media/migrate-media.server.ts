import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

import { getDb } from '#app/db/client.server.ts';
import { newId } from '#app/lib/ids.ts';

import { makeDirectoryDurably } from './durable-files.server.ts';
import { LocalDiskStorage } from './local-disk-storage.server.ts';
import { storedVariants } from './media-rows.server.ts';
import { isSafeKey, type MediaStorage, type ObjectMeta, objectMetaFor } from './media-storage.ts';
import { s3StorageFromEnv, uploadsDir, uploadTempDir } from './storage.server.ts';

export type MediaStorageKind = 'local' | 's3';

export interface MediaMoveReport {
  from: MediaStorageKind;
  to: MediaStorageKind;
  /** Media rows read. */
  items: number;
  /** Files (originals and variants) the rows name. */
  files: number;
  copied: number;
  bytesCopied: number;
  /** Already in the target with the same size: a re-run, or a run that was stopped, skips them. */
  alreadyThere: number;
  /** Named by a row but in neither storage. */
  missing: string[];
  failed: { key: string; reason: string }[];
}

/** The storage of a kind, as the environment configures it (the bucket needs S3_BUCKET even while MEDIA_STORAGE=local). */
export function storageOfKind(kind: MediaStorageKind): MediaStorage {
  return kind === 's3' ? s3StorageFromEnv() : new LocalDiskStorage(uploadsDir());
}

const PAGE = 200;

/**
 * Copies every file the media rows name (originals with their type and download name, WebP variants, the seeded
 * files) from one storage to the other (`npm run media:migrate`). Each file goes through a synced scratch copy and
 * the target's own put (a whole object, or a synced file renamed into place), so a run stopped at any moment leaves
 * no half file; a file already in the target with the same size is skipped, so a re-run finishes a stopped one and a
 * finished run changes nothing. The source is never modified: the site keeps serving from it until MEDIA_STORAGE
 * names the target. One file failing never stops the others; the report lists it with its reason.
 */
export async function migrateMedia(options: {
  from: MediaStorageKind;
  to: MediaStorageKind;
  /** The storages themselves (tests); by default the ones the environment configures. */
  source?: MediaStorage;
  target?: MediaStorage;
  log?: (line: string) => void;
}): Promise<MediaMoveReport> {
  const source = options.source ?? storageOfKind(options.from);
  const target = options.target ?? storageOfKind(options.to);
  const report: MediaMoveReport = {
    from: options.from,
    to: options.to,
    items: 0,
    files: 0,
    copied: 0,
    bytesCopied: 0,
    alreadyThere: 0,
    missing: [],
    failed: [],
  };
  const scratch = uploadTempDir();
  await makeDirectoryDurably(scratch, 0o700);
  let after = '';
  for (;;) {
    const rows = await getDb()
      .selectFrom('media')
      .select(['id', 'storage_key', 'mime_type', 'original_name', 'variants'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (!rows.length) break;
    after = rows.at(-1)!.id;
    for (const row of rows) {
      report.items++;
      const files: Array<{ key: string; meta: ObjectMeta }> = [
        { key: row.storage_key, meta: objectMetaFor(row.mime_type, row.original_name) },
        ...storedVariants(row).map((variant) => ({ key: variant.key, meta: { contentType: 'image/webp' } })),
      ];
      for (const { key, meta } of files) {
        report.files++;
        if (!isSafeKey(key)) {
          report.failed.push({ key, reason: 'not a storage key Atelier makes' });
          continue;
        }
        try {
          const [from, there] = await Promise.all([source.stat(key), target.stat(key)]);
          if (!from) {
            if (there) report.alreadyThere++;
            else report.missing.push(key);
            continue;
          }
          if (there && there.size === from.size) {
            report.alreadyThere++;
            continue;
          }
          const temp = path.join(scratch, `migrate-${newId()}`);
          try {
            await pipeline(source.read(key), createWriteStream(temp, { flags: 'wx' }));
            await target.putFile(key, temp, meta);
          } finally {
            await rm(temp, { force: true });
          }
          const copied = await target.stat(key);
          if (copied?.size !== from.size) throw new Error(`the copy has ${copied?.size ?? 'no'} bytes, the source ${from.size}`);
          report.copied++;
          report.bytesCopied += from.size;
          options.log?.(`copied ${key}`);
        } catch (error) {
          report.failed.push({ key, reason: error instanceof Error ? error.message : String(error) });
        }
      }
    }
  }
  return report;
}
