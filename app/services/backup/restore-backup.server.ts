import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';

import { type Kysely, sql } from 'kysely';
import * as tar from 'tar';

import type { DatabaseHandle } from '#app/db/dialect.server.ts';
import { knownMigrations, migrateOnly, migrateToLatest } from '#app/db/migrate.server.ts';
import { LocalDiskStorage } from '#app/services/media/local-disk-storage.server.ts';
import { isSafeKey, type MediaStorage } from '#app/services/media/media-storage.ts';

import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest, type ManifestEntry } from './archive-format.ts';
import { sha256Of } from './create-backup.server.ts';

/** A restore that changed nothing, with the reason for the person running it. */
export class RestoreRefused extends Error {}

export interface RestoreSummary {
  tables: number;
  rows: number;
  files: number;
  schemaVersion: string;
  milliseconds: number;
}

// Kysely's tables are typed; a restore writes whichever tables the archive names (checked against the database).
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/** The archive's entries, in a scratch directory beside the uploads (so moving a file into place is a rename). */
async function extract(file: string, scratch: string): Promise<void> {
  await stat(file).catch(() => {
    throw new RestoreRefused(`No backup at ${file}.`);
  });
  try {
    // Only plain files and directories; node-tar already refuses absolute paths and '..'.
    await tar.extract({
      file,
      cwd: scratch,
      strict: true,
      filter: (_path, entry) => 'type' in entry && ['File', 'OldFile', 'Directory'].includes(entry.type),
    });
  } catch (error) {
    throw new RestoreRefused(`${file} is not a readable backup archive: ${(error as Error).message}`);
  }
}

async function readManifest(scratch: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(scratch, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw new RestoreRefused('The archive has no readable manifest.json: it is not an Atelier backup.');
  }
  if (
    manifest.format !== BACKUP_FORMAT ||
    manifest.formatVersion !== BACKUP_FORMAT_VERSION ||
    !Array.isArray(manifest.tables) ||
    !Array.isArray(manifest.files)
  )
    throw new RestoreRefused(`The archive is not an Atelier backup of format ${BACKUP_FORMAT_VERSION}.`);
  return manifest;
}

/** Every entry the manifest lists is present with its size and SHA-256; anything else refuses the restore. */
async function verify(scratch: string, manifest: BackupManifest): Promise<void> {
  const problems: string[] = [];
  const entries: ManifestEntry[] = [...manifest.tables, ...manifest.files];
  for (const entry of entries) {
    if (typeof entry.path !== 'string' || entry.path.includes('..') || path.isAbsolute(entry.path)) {
      problems.push(`${String(entry.path)}: not a path inside the archive`);
      continue;
    }
    const file = path.join(scratch, entry.path);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) problems.push(`${entry.path}: missing`);
    else if (info.size !== entry.bytes) problems.push(`${entry.path}: ${info.size} bytes, the manifest says ${entry.bytes}`);
    else if ((await sha256Of(file)) !== entry.sha256) problems.push(`${entry.path}: checksum does not match`);
  }
  for (const entry of manifest.files) if (!isSafeKey(entry.key)) problems.push(`${entry.key}: not a storage key`);
  for (const entry of manifest.tables) if (!/^[a-z_][a-z0-9_]*$/.test(entry.table)) problems.push(`${entry.table}: not a table name`);
  if (problems.length) throw new RestoreRefused(`The archive is damaged; nothing was restored:\n  ${problems.slice(0, 20).join('\n  ')}`);
}

/**
 * Which migrations to apply before the rows go in: the archive's own (its schema), when it is older than this
 * version; the others run after the rows, as they would have run on the site. A newer archive is refused.
 */
function schemaPlan(manifest: BackupManifest): { only: string[] | null } {
  const known = knownMigrations();
  const unknown = manifest.migrations.filter((name) => !known.includes(name));
  if (unknown.length)
    throw new RestoreRefused(`The backup was made by a newer Atelier (migrations ${unknown.join(', ')}): upgrade before restoring it.`);
  return { only: manifest.migrations.length === known.length ? null : manifest.migrations };
}

async function tablesOf(handle: DatabaseHandle): Promise<string[]> {
  const query =
    handle.dialect === 'sqlite'
      ? sql<{
          name: string;
        }>`select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`
      : sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely\\_%'`;
  return (await query.execute(handle.db)).rows.map((row) => row.name).sort();
}

/** Tables with those they reference first, so rows go in without breaking a foreign key. */
async function parentsFirst(handle: DatabaseHandle, tables: string[]): Promise<string[]> {
  const parents = new Map<string, Set<string>>(tables.map((table) => [table, new Set()]));
  if (handle.dialect === 'sqlite') {
    for (const table of tables) {
      const keys = await sql<{ table: string }>`select * from pragma_foreign_key_list(${table})`.execute(handle.db);
      for (const key of keys.rows) if (key.table !== table) parents.get(table)!.add(key.table);
    }
  } else {
    const keys = await sql<{ child: string; parent: string }>`
      select tc.table_name as child, ccu.table_name as parent from information_schema.table_constraints tc
        join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
       where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`.execute(handle.db);
    for (const key of keys.rows) if (key.child !== key.parent) parents.get(key.child)?.add(key.parent);
  }
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table)) return;
    for (const parent of [...(parents.get(table) ?? [])].sort()) visit(parent, [...path, table]);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered.filter((table) => tables.includes(table));
}

async function* jsonLines(file: string): AsyncIterable<Record<string, unknown>> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) if (line) yield JSON.parse(line) as Record<string, unknown>;
}

/** Rows per INSERT: under both databases' bound on parameters, and a few MB of text at most. */
const MAX_PARAMETERS = 8000;
const MAX_BATCH_BYTES = 4 * 1024 * 1024;

async function insertTable(trx: AnyDb, table: string, file: string): Promise<number> {
  let batch: Record<string, unknown>[] = [];
  let bytes = 0;
  let count = 0;
  const flush = async () => {
    if (batch.length) await trx.insertInto(table).values(batch).execute();
    batch = [];
    bytes = 0;
  };
  for await (const row of jsonLines(file)) {
    batch.push(row);
    count++;
    bytes += JSON.stringify(row).length;
    const columns = Object.keys(row).length || 1;
    if ((batch.length + 1) * columns > MAX_PARAMETERS || bytes > MAX_BATCH_BYTES) await flush();
  }
  await flush();
  return count;
}

/**
 * Restores a backup archive into the database `target` (SQLite or PostgreSQL, whichever the backup came from) and
 * the uploads under `dataDir`. Checks every checksum first; refuses a database that holds any row unless `force`
 * (then its rows are replaced). The rows go in inside one transaction: a failure leaves the database as it was.
 */
export async function restoreBackup(
  file: string,
  target: { handle: DatabaseHandle; dataDir: string; storage?: MediaStorage },
  options: { force?: boolean } = {},
): Promise<RestoreSummary> {
  const started = performance.now();
  const dataDir = path.resolve(target.dataDir);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const scratch = await mkdtemp(path.join(dataDir, 'restore-'));
  try {
    await extract(path.resolve(file), scratch);
    const manifest = await readManifest(scratch);
    await verify(scratch, manifest);
    const plan = schemaPlan(manifest);

    const { handle } = target;
    if (plan.only) await migrateOnly(handle.db, plan.only);
    else await migrateToLatest(handle.db);
    const tables = await tablesOf(handle);
    const foreign = manifest.tables.filter((entry) => !tables.includes(entry.table)).map((entry) => entry.table);
    if (foreign.length) throw new RestoreRefused(`The database has no table ${foreign.join(', ')}: the backup does not fit its schema.`);
    const db = handle.db as unknown as AnyDb;
    const filled: string[] = [];
    for (const table of tables) {
      const row = await db
        .selectFrom(table)
        .select(sql`1`.as('one'))
        .limit(1)
        .executeTakeFirst();
      if (row) filled.push(table);
    }
    if (filled.length && !options.force)
      throw new RestoreRefused(
        `The database is not empty (${filled.join(', ')} hold rows): restore into an empty database, or add --force to replace its content.`,
      );

    // Files first, each synced: the rows committed after them never name a missing file.
    const storage = target.storage ?? new LocalDiskStorage(path.join(dataDir, 'uploads'));
    for (const entry of manifest.files) await storage.putFile(entry.key, path.join(scratch, entry.path));

    const order = await parentsFirst(handle, tables);
    const byTable = new Map(manifest.tables.map((entry) => [entry.table, entry]));
    let rows = 0;
    await db.transaction().execute(async (trx) => {
      for (const table of [...order].reverse()) if (filled.includes(table)) await trx.deleteFrom(table).execute();
      for (const table of order) {
        const entry = byTable.get(table);
        if (!entry) continue;
        const count = await insertTable(trx, table, path.join(scratch, entry.path));
        if (count !== entry.rows) throw new RestoreRefused(`${table}: ${count} rows in the archive, the manifest says ${entry.rows}.`);
        rows += count;
      }
    });
    if (plan.only) await migrateToLatest(handle.db);
    return {
      tables: manifest.tables.length,
      rows,
      files: manifest.files.length,
      schemaVersion: manifest.schemaVersion,
      milliseconds: Math.round(performance.now() - started),
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
