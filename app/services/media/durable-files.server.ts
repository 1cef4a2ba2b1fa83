import { mkdir, open, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The disk's own copy, not the operating system's cache: a file and the directory entry that names it are
 * synced before anything that points at them (a media row) is committed, so a power cut after the commit never
 * leaves a row naming a missing or empty file (decision 023).
 */
export async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Syncs a directory, so the names created, renamed or removed in it are on the disk. */
export async function syncDirectory(dir: string): Promise<void> {
  await syncFile(dir);
}

/** Creates `dir` (and its missing parents) with each new name synced into its parent. */
export async function makeDirectoryDurably(dir: string, mode?: number): Promise<void> {
  const first = await mkdir(dir, { recursive: true, mode });
  if (!first) return;
  // Every directory from the first one created down to `dir` is a new name in its parent.
  const created = [first];
  for (let current = dir; current !== first && current !== path.dirname(current); current = path.dirname(current)) created.push(current);
  for (const made of created) await syncDirectory(path.dirname(made));
}

/** Writes a whole file and syncs its content before closing it. */
export async function writeFileDurably(file: string, data: Buffer | string, mode?: number): Promise<void> {
  await writeFile(file, data, { flush: true, mode });
}
