import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

import type { ByteRange } from '#app/lib/http-range.ts';

import { isSafeKey, type MediaStorage, type StoredObject } from './media-storage.ts';

/** Media files on the local disk, one file per key under `root`. */
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
    await mkdir(path.dirname(file), { recursive: true });
    try {
      await rename(localPath, file);
    } catch (error) {
      // Another disk: copy, then remove the source.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(localPath, file);
      await unlink(localPath);
    }
  }

  async putBuffer(key: string, data: Buffer): Promise<void> {
    const file = this.fileFor(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside, then renamed, so a reader never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, data);
    await rename(partial, file);
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
