import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

import type { Kysely } from 'kysely';

import type { Database } from '#app/db/schema.ts';
import { newId } from '#app/lib/ids.ts';

import { makeDirectoryDurably, syncDirectory, writeFileDurably } from './durable-files.server.ts';
import { PARTIAL_SUFFIX } from './local-disk-storage.server.ts';
import { isSafeKey, type MediaStorage } from './media-storage.ts';
import { getStorage, uploadsDir, uploadTempDir } from './storage.server.ts';

const JOURNAL_SUFFIX = '.pending';

/**
 * An upload's files go into storage before its row is committed (so the row never names a missing file). Between
 * the two, a killed process would leave files no row names: the journal lists an upload's keys on the disk before
 * the first file is written and is removed once the row is committed (or the files removed). At start, a journal
 * still there names files whose row never came: they are removed (`recoverInterruptedUploads`).
 */
export interface UploadJournal {
  /** The upload is over, its row committed or its files removed. */
  close(): Promise<void>;
}

export async function openUploadJournal(originalKey: string, keys: string[]): Promise<UploadJournal> {
  const dir = uploadTempDir();
  await makeDirectoryDurably(dir, 0o700);
  const file = path.join(dir, `${newId()}${JOURNAL_SUFFIX}`);
  await writeFileDurably(file, JSON.stringify({ originalKey, keys }), 0o600);
  await syncDirectory(dir);
  return {
    async close() {
      await rm(file, { force: true });
    },
  };
}

/** Removes a key's file and any half-written copy of it (`<file>.<pid>.partial`) beside it. */
async function removeWithPartials(storage: MediaStorage, root: string, key: string): Promise<void> {
  await storage.remove(key);
  const file = path.resolve(root, key);
  const prefix = `${path.basename(file)}.`;
  const siblings = await readdir(path.dirname(file)).catch(() => [] as string[]);
  await Promise.all(
    siblings
      .filter((name) => name.startsWith(prefix) && name.endsWith(PARTIAL_SUFFIX))
      .map((name) => rm(path.join(path.dirname(file), name), { force: true })),
  );
}

/**
 * Run once at start, before any request (never by a worker while its siblings serve): removes the files of
 * uploads a killed process left without a row, and every temporary file of uploads in progress. Answers how many
 * uploads were undone.
 */
export async function recoverInterruptedUploads(db: Kysely<Database>): Promise<number> {
  const uploadsRoot = uploadsDir();
  const dir = uploadTempDir();
  const names = await readdir(dir).catch(() => [] as string[]);
  const storage = getStorage();
  let undone = 0;
  for (const name of names.filter((entry) => entry.endsWith(JOURNAL_SUFFIX))) {
    const journal = path.join(dir, name);
    let listed: { originalKey?: unknown; keys?: unknown } = {};
    try {
      listed = JSON.parse(await readFile(journal, 'utf8')) as typeof listed;
    } catch {
      // A journal cut short was written before any file: nothing to undo.
    }
    const keys = Array.isArray(listed.keys) ? listed.keys.filter((key): key is string => typeof key === 'string' && isSafeKey(key)) : [];
    const original = typeof listed.originalKey === 'string' ? listed.originalKey : '';
    const row = original ? await db.selectFrom('media').select('id').where('storage_key', '=', original).executeTakeFirst() : undefined;
    if (!row && keys.length) {
      for (const key of keys) await removeWithPartials(storage, uploadsRoot, key);
      undone++;
    }
    await rm(journal, { force: true });
  }
  // Whatever else is here was an upload in progress (its request died with the process).
  await Promise.all(
    names.filter((entry) => !entry.endsWith(JOURNAL_SUFFIX)).map((entry) => rm(path.join(dir, entry), { recursive: true, force: true })),
  );
  return undone;
}
