import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { getEnv } from '#app/env.server.ts';
import { receiveUpload } from '#app/http/receive-upload.server.ts';
import type * as DurableFiles from '#app/services/media/durable-files.server.ts';
import { getStorage, uploadTempDir } from '#app/services/media/storage.server.ts';
import { openUploadJournal, recoverInterruptedUploads } from '#app/services/media/upload-journal.server.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { jpeg, multipartBody, tempFiles, uploadedFiles } from '#tests/support/uploads.ts';

/** Every sync the storage asks for, with the number of media rows at that moment. */
const syncs: { what: 'file' | 'directory' | 'write'; path: string; rows: number }[] = [];
const mediaRows = async () => (await getDb().selectFrom('media').select('id').execute()).length;

vi.mock('#app/services/media/durable-files.server.ts', async (importOriginal) => {
  const original = await importOriginal<typeof DurableFiles>();
  const recorded =
    <A extends unknown[]>(what: 'file' | 'directory' | 'write', run: (file: string, ...rest: A) => Promise<void>) =>
    async (file: string, ...rest: A) => {
      await run(file, ...rest);
      syncs.push({ what, path: file, rows: await mediaRows() });
    };
  return {
    ...original,
    syncFile: recorded('file', original.syncFile),
    syncDirectory: recorded('directory', original.syncDirectory),
    writeFileDurably: recorded('write', original.writeFileDurably),
  };
});

loadTestEnv();

describe.each(testDialects)('durable uploads on $name', (dialect) => {
  beforeAll(async () => {
    await dialect.open();
  });
  afterAll(async () => {
    await dialect.close();
  });
  beforeEach(() => {
    syncs.length = 0;
  });

  it('syncs every file of an upload and its directory before the row is committed', async () => {
    const before = await mediaRows();
    const { boundary, body } = multipartBody([{ name: 'photo.jpg', type: 'image/jpeg', data: await jpeg(1000, 600) }]);
    const [item] = await receiveUpload(body, boundary, 25 * 1024 * 1024);
    expect(await mediaRows()).toBe(before + 1);
    const row = await getDb().selectFrom('media').select(['storage_key', 'variants']).where('id', '=', item!.id).executeTakeFirstOrThrow();
    const dir = path.dirname(path.join(getEnv().DATA_DIR, 'uploads', row.storage_key));
    const variants = (JSON.parse(row.variants) as { key: string }[]).map((variant) => variant.key);
    expect(variants).toHaveLength(4);
    // Every sync happened while the new row did not exist yet.
    expect(syncs.length).toBeGreaterThan(0);
    for (const sync of syncs) expect(sync.rows, `${sync.what} ${sync.path}`).toBe(before);
    // Each variant was written and synced under a temporary name, then its name synced into the directory.
    for (const key of variants) {
      expect(syncs.some((sync) => sync.what === 'write' && sync.path.startsWith(path.join(getEnv().DATA_DIR, 'uploads', key)))).toBe(true);
    }
    // The original's content was synced before its move, and the directory after it, last of all.
    expect(syncs.some((sync) => sync.what === 'file' && sync.path.startsWith(uploadTempDir()))).toBe(true);
    expect(syncs.at(-1)).toMatchObject({ what: 'directory', path: dir });
    // The upload's journal is gone once the row is committed.
    expect(tempFiles()).toEqual([]);
  });

  it('leaves no half file, no temporary file and no row when the upload is cut off mid-file', async () => {
    const beforeRows = await mediaRows();
    const beforeFiles = uploadedFiles();
    const { boundary, bytes } = multipartBody([{ name: 'cut.jpg', type: 'image/jpeg', data: await jpeg(1200, 800) }]);
    async function* cutOff() {
      yield bytes.subarray(0, Math.floor(bytes.length / 2));
      throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    }
    await expect(receiveUpload(cutOff(), boundary, 25 * 1024 * 1024)).rejects.toThrow();
    expect(await mediaRows()).toBe(beforeRows);
    expect(uploadedFiles()).toEqual(beforeFiles);
    expect(tempFiles()).toEqual([]);
  });

  it('at start, removes the files of an upload killed before its commit, its half-written copies and temporary files', async () => {
    const beforeFiles = uploadedFiles();
    const storage = getStorage();
    const key = '2026/11/killed-upload.jpg';
    const variant = '2026/11/killed-upload-320w.webp';
    await openUploadJournal(key, [variant, key]);
    await storage.putBuffer(variant, Buffer.from('variant'));
    await storage.putBuffer(key, Buffer.from('original'));
    // A copy the process was still writing when killed, and an upload's temporary file.
    const partial = path.join(getEnv().DATA_DIR, 'uploads', '2026/11/killed-upload.jpg.4242.partial');
    writeFileSync(partial, 'half');
    writeFileSync(path.join(uploadTempDir(), 'abc.upload'), 'half an upload');
    expect(uploadedFiles()).toHaveLength(beforeFiles.length + 3);

    expect(await recoverInterruptedUploads(getDb())).toBe(1);
    expect(uploadedFiles()).toEqual(beforeFiles);
    expect(existsSync(partial)).toBe(false);
    expect(readdirSync(uploadTempDir())).toEqual([]);
  });

  it('at start, keeps the files of an upload whose row was committed before the process died', async () => {
    const { boundary, body } = multipartBody([{ name: 'kept.jpg', type: 'image/jpeg', data: await jpeg(400, 300) }]);
    const [item] = await receiveUpload(body, boundary, 25 * 1024 * 1024);
    const row = await getDb().selectFrom('media').select('storage_key').where('id', '=', item!.id).executeTakeFirstOrThrow();
    // As if killed between the commit and the journal's removal.
    await openUploadJournal(row.storage_key, [row.storage_key]);
    const files = uploadedFiles();
    expect(await recoverInterruptedUploads(getDb())).toBe(0);
    expect(uploadedFiles()).toEqual(files);
    expect(uploadedFiles()).toContain(row.storage_key);
    expect(readdirSync(uploadTempDir())).toEqual([]);
  });
});
