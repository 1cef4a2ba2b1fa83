import path from 'node:path';

import { getEnv } from '#app/env.server.ts';

import { LocalDiskStorage } from './local-disk-storage.server.ts';
import type { MediaStorage } from './media-storage.ts';
import { S3Storage } from './s3-storage.server.ts';

let cached: { root: string; storage: MediaStorage } | undefined;

/** Where the local storage keeps its files (also read by the backup). */
export function uploadsDir(): string {
  return path.join(getEnv().DATA_DIR, 'uploads');
}

/** The bucket the S3_* variables name, whatever MEDIA_STORAGE says (`npm run media:migrate` moves files to and from it). */
export function s3StorageFromEnv(): S3Storage {
  const env = getEnv();
  if (!env.S3_BUCKET) throw new Error('S3_BUCKET is not set: name the bucket (and S3_ENDPOINT, S3_REGION and the credentials).');
  return s3Bucket(env.S3_BUCKET);
}

/** A bucket reached with the S3_* connection settings (endpoint, region, credentials, path style, prefix). */
export function s3Bucket(bucket: string): S3Storage {
  const env = getEnv();
  return new S3Storage({
    bucket,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX,
  });
}

/** The configured storage: files under DATA_DIR/uploads, or the S3-compatible bucket when MEDIA_STORAGE=s3 (decision 031). */
export function getStorage(): MediaStorage {
  const env = getEnv();
  const root = env.MEDIA_STORAGE === 's3' ? `s3:${env.S3_ENDPOINT ?? ''}/${env.S3_BUCKET}/${env.S3_PREFIX}` : uploadsDir();
  if (cached?.root !== root) {
    const storage = env.MEDIA_STORAGE === 's3' ? s3StorageFromEnv() : new LocalDiskStorage(root);
    cached = { root, storage };
  }
  return cached.storage;
}

/** The object store when MEDIA_STORAGE=s3, for the backup and restore (which otherwise use DATA_DIR/uploads). */
export function objectStorage(): MediaStorage | undefined {
  return getEnv().MEDIA_STORAGE === 's3' ? getStorage() : undefined;
}

/** For /readyz: the configured storage answers (the local disk always does). */
export async function storageReachable(): Promise<boolean> {
  const storage = getStorage();
  return storage instanceof S3Storage ? storage.reachable() : true;
}

/** Scratch space for uploads in progress, on the same disk as the storage so moves are renames. */
export function uploadTempDir(): string {
  return path.join(getEnv().DATA_DIR, 'upload-tmp');
}

/**
 * Where a browser fetches a file straight from the store (MEDIA_DELIVERY=redirect): S3_PUBLIC_URL, the bucket's
 * public address or a CDN in front of it, then the prefix and key. Null when files are streamed through Atelier.
 */
export function publicObjectUrl(key: string): string | null {
  const env = getEnv();
  if (env.MEDIA_DELIVERY !== 'redirect' || !env.S3_PUBLIC_URL) return null;
  return `${env.S3_PUBLIC_URL.replace(/\/+$/, '')}/${env.S3_PREFIX}${key}`;
}

export function publicUrlForKey(key: string): string {
  return `/media/${key}`;
}
