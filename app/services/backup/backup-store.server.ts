import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

import { getEnv } from '#app/env.server.ts';
import { s3Bucket } from '#app/services/media/storage.server.ts';

/** A kept backup as Settings → Backups lists it. */
export interface StoredBackup {
  name: string;
  bytes: number;
  createdAt: string;
}

/** The names scheduled backups are kept under (and the only ones listed, downloaded or removed). */
export const BACKUP_NAME = /^atelier-\d{8}T\d{6}Z(-[a-z]+)?\.tar\.gz$/;

/**
 * Where scheduled backups are kept (BACKUP_STORAGE): the local folder DATA_DIR/backups, or `backups/` in an
 * S3-compatible bucket, which every instance of a site shares (decision 031), so one listing, one retention count
 * and one "newest backup" for the schedule, whichever instance wrote it.
 */
export interface BackupStore {
  /** For messages: where they are. */
  where: string;
  list(): Promise<StoredBackup[]>;
  /** Takes a finished archive (a local file, which this moves or removes) as `name`. */
  keep(name: string, localFile: string): Promise<void>;
  read(name: string): Readable;
  size(name: string): Promise<number | null>;
  remove(name: string): Promise<void>;
}

export const backupsDir = () => path.join(getEnv().DATA_DIR, 'backups');

function checked(name: string): string {
  if (!BACKUP_NAME.test(name)) throw new Error(`Not a backup's name: ${JSON.stringify(name)}`);
  return name;
}

const newestFirst = (a: StoredBackup, b: StoredBackup) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name);

function localStore(): BackupStore {
  const dir = backupsDir();
  return {
    where: dir,
    async list() {
      const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => BACKUP_NAME.test(name));
      const listed = await Promise.all(
        names.map(async (name) => {
          const info = await stat(path.join(dir, name)).catch(() => null);
          return info ? { name, bytes: info.size, createdAt: info.mtime.toISOString() } : null;
        }),
      );
      return listed.filter((entry) => entry !== null).sort(newestFirst);
    },
    async keep(name, localFile) {
      const target = path.join(dir, checked(name));
      if (path.resolve(localFile) === target) return;
      await mkdir(dir, { recursive: true });
      await rename(localFile, target);
    },
    read: (name) => createReadStream(path.join(dir, checked(name))),
    async size(name) {
      if (!BACKUP_NAME.test(name)) return null;
      const info = await stat(path.join(dir, name)).catch(() => null);
      return info?.isFile() ? info.size : null;
    },
    remove: (name) => rm(path.join(dir, checked(name)), { force: true }),
  };
}

function bucketStore(): BackupStore {
  const env = getEnv();
  const bucket = env.BACKUP_S3_BUCKET ?? env.S3_BUCKET!;
  const storage = s3Bucket(bucket);
  const key = (name: string) => `backups/${checked(name)}`;
  return {
    where: `s3://${bucket}/${env.S3_PREFIX}backups/`,
    async list() {
      const objects = await storage.list('backups/');
      return objects
        .filter((object) => BACKUP_NAME.test(object.key))
        .map((object) => ({ name: object.key, bytes: object.size, createdAt: object.modifiedAt.toISOString() }))
        .sort(newestFirst);
    },
    // A private object (the bucket's default), without the public cache headers media get: read through Atelier only.
    keep: (name, localFile) => storage.putFile(key(name), localFile),
    read: (name) => storage.read(key(name)),
    async size(name) {
      if (!BACKUP_NAME.test(name)) return null;
      return (await storage.stat(key(name)))?.size ?? null;
    },
    remove: (name) => storage.remove(key(name)),
  };
}

/** The configured store: BACKUP_STORAGE, else the bucket when media are in it, else DATA_DIR/backups. */
export function backupStore(): BackupStore {
  const env = getEnv();
  return (env.BACKUP_STORAGE ?? env.MEDIA_STORAGE) === 's3' ? bucketStore() : localStore();
}
