import path from 'node:path';

import { getEnv } from '#app/env.server.ts';

import { LocalDiskStorage } from './local-disk-storage.server.ts';
import type { MediaStorage } from './media-storage.ts';

let cached: { root: string; storage: MediaStorage } | undefined;

/** Where the local storage keeps its files (also read by the backup). */
export function uploadsDir(): string {
  return path.join(getEnv().DATA_DIR, 'uploads');
}

/** The configured storage: files under DATA_DIR/uploads. */
export function getStorage(): MediaStorage {
  const root = uploadsDir();
  if (cached?.root !== root) cached = { root, storage: new LocalDiskStorage(root) };
  return cached.storage;
}

/** Scratch space for uploads in progress, on the same disk as the storage so moves are renames. */
export function uploadTempDir(): string {
  return path.join(getEnv().DATA_DIR, 'upload-tmp');
}

export function publicUrlForKey(key: string): string {
  return `/media/${key}`;
}
