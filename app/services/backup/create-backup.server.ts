import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, copyFile, link, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

import * as tar from 'tar';

import { syncFile } from '#app/services/media/durable-files.server.ts';
import { isSafeKey, type MediaStorage } from '#app/services/media/media-storage.ts';

import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  type ManifestEntry,
  tableEntryPath,
  uploadEntryPath,
} from './archive-format.ts';
import { openSnapshot, type Snapshot } from './snapshot.server.ts';

export interface BackupSource {
  databaseUrl?: string;
  dataDir: string;
  /** Where the media files are when not in dataDir/uploads: the S3-compatible bucket (MEDIA_STORAGE=s3, decision 031). */
  storage?: MediaStorage;
}

export interface BackupSummary {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
  files: number;
  missingFiles: string[];
  milliseconds: number;
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Writes one table as JSON lines, hashing as it goes. */
async function exportTable(snapshot: Snapshot, table: string, file: string): Promise<{ rows: number; bytes: number; sha256: string }> {
  const out = createWriteStream(file);
  const hash = createHash('sha256');
  let rows = 0;
  let bytes = 0;
  for await (const row of snapshot.rows(table)) {
    const line = `${JSON.stringify(row)}\n`;
    hash.update(line);
    bytes += Buffer.byteLength(line);
    rows++;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'close');
  return { rows, bytes, sha256: hash.digest('hex') };
}

/** The storage keys of every original and variant the media rows name. */
function mediaKeys(rows: Array<Record<string, unknown>>): string[] {
  const keys = new Set<string>();
  for (const row of rows) {
    if (typeof row.storage_key === 'string') keys.add(row.storage_key);
    try {
      for (const variant of JSON.parse(String(row.variants ?? '[]')) as { key?: unknown }[]) {
        if (typeof variant.key === 'string') keys.add(variant.key);
      }
    } catch {
      // A damaged variants list names nothing more.
    }
  }
  return [...keys].filter(isSafeKey).sort();
}

/** A hard link when possible (instant, and the content stays even if the upload is deleted meanwhile), else a copy. */
async function stage(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await link(from, to);
  } catch (error) {
    if (!['EXDEV', 'EPERM', 'ENOTSUP'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    await copyFile(from, to);
  }
}

/**
 * Writes one backup archive (tar.gz) of the configured site to `file`: every table of one consistent snapshot as
 * JSON lines, every uploaded file and variant the snapshot's media rows name, and a manifest with the schema
 * version, counts and SHA-256 checksums. Runs beside a serving site: the snapshot never blocks its writers. The
 * archive appears under its name only when complete.
 */
export async function createBackup(file: string, source: BackupSource): Promise<BackupSummary> {
  const started = performance.now();
  const staging = await mkdtemp(path.join(tmpdir(), 'atelier-backup-'));
  try {
    const snapshot = await openSnapshot(source);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      source: snapshot.dialect,
      schemaVersion: '',
      migrations: [],
      tables: [],
      files: [],
      missingFiles: [],
    };
    const media: Array<Record<string, unknown>> = [];
    try {
      manifest.migrations = await snapshot.migrations();
      manifest.schemaVersion = manifest.migrations.at(-1) ?? '';
      await mkdir(path.join(staging, 'tables'));
      for (const table of await snapshot.tables()) {
        const entry = tableEntryPath(table);
        const exported = await exportTable(snapshot, table, path.join(staging, entry));
        manifest.tables.push({ table, path: entry, ...exported });
      }
      for await (const row of snapshot.rows('media')) media.push({ storage_key: row.storage_key, variants: row.variants });
    } finally {
      await snapshot.close();
    }

    const uploads = path.join(path.resolve(source.dataDir), 'uploads');
    for (const key of mediaKeys(media)) {
      if (source.storage) {
        // From the object store: streamed into the staging folder.
        if (!(await source.storage.stat(key))) {
          manifest.missingFiles.push(key);
          continue;
        }
        const entry = uploadEntryPath(key);
        const staged = path.join(staging, entry);
        await mkdir(path.dirname(staged), { recursive: true });
        await pipeline(source.storage.read(key), createWriteStream(staged));
        manifest.files.push({ key, path: entry, bytes: (await stat(staged)).size, sha256: await sha256Of(staged) });
        continue;
      }
      const from = path.join(uploads, key);
      const info = await stat(from).catch(() => null);
      if (!info?.isFile()) {
        manifest.missingFiles.push(key);
        continue;
      }
      const entry = uploadEntryPath(key);
      await stage(from, path.join(staging, entry));
      const staged = path.join(staging, entry);
      const entryInfo: ManifestEntry = { path: entry, bytes: (await stat(staged)).size, sha256: await sha256Of(staged) };
      manifest.files.push({ key, ...entryInfo });
    }
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

    const target = path.resolve(file);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.partial`;
    const entries = ['manifest.json', ...manifest.tables.map((table) => table.path), ...manifest.files.map((entry) => entry.path)];
    try {
      await tar.create({ gzip: true, file: partial, cwd: staging, portable: true, noDirRecurse: true }, entries);
      // It holds what the database holds (password hashes, encrypted secrets): for its owner only.
      await chmod(partial, 0o600);
      await syncFile(partial);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return {
      file: target,
      bytes: (await stat(target)).size,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      files: manifest.files.length,
      missingFiles: manifest.missingFiles,
      milliseconds: Math.round(performance.now() - started),
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
