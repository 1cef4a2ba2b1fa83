import { createReadStream } from 'node:fs';
import { copyFile, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

import type { ByteRange } from '#app/lib/http-range.ts';

import { makeDirectoryDurably, syncDirectory, syncFile, writeFileDurably } from './durable-files.server.ts';
import { isSafeKey, type MediaStorage, type StoredObject } from './media-storage.ts';

/** The temporary name a buffer is written under before its rename: `partialNameFor(file)` in the key's directory. */
export const PARTIAL_SUFFIX = '.partial';

/**
 * Media files on the local disk, one file per key under `root`. A put returns once the file's content and its name
 * are on the disk (synced), so the row committed after it never names a file a power cut could take back.
 */
export class LocalDiskStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  /** The file for a key; refuses any key that could leave the root. */
  private fileFor(key: string): string {
    if (!isSafeKey(key)) throw new Error(`Refused storage key: ${JSON.stringify(key)}`);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Refused storage key: ${JSON.stringify(key)}`);
    return file;
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const file = this.fileFor(key);
    await makeDirectoryDurably(path.dirname(file));
    await syncFile(localPath);
    try {
      await rename(localPath, file);
    } catch (error) {
      // Another disk: copy beside, sync, rename (a reader never sees half a file), then remove the source.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      const partial = `${file}.${process.pid}${PARTIAL_SUFFIX}`;
      await copyFile(localPath, partial);
      await syncFile(partial);
      await rename(partial, file);
      await unlink(localPath);
    }
    await syncDirectory(path.dirname(file));
  }

  async putBuffer(key: string, data: Buffer): Promise<void> {
    const file = this.fileFor(key);
    await makeDirectoryDurably(path.dirname(file));
    // Written beside and synced, then renamed, so a reader (or a restart) never sees half a file.
    const partial = `${file}.${process.pid}${PARTIAL_SUFFIX}`;
    await writeFileDurably(partial, data);
    await rename(partial, file);
    await syncDirectory(path.dirname(file));
  }

  async stat(key: string): Promise<StoredObject | null> {
    if (!isSafeKey(key)) return null;
    try {
      const info = await stat(this.fileFor(key));
      return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    } catch {
      return null;
    }
  }

  read(key: string, range?: ByteRange): Readable {
    return createReadStream(this.fileFor(key), range ? { start: range.start, end: range.end } : {});
  }

  async remove(key: string): Promise<void> {
    await rm(this.fileFor(key), { force: true });
  }
}
