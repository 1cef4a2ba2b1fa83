import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type DatabaseHandle, openPostgres, openSqlite } from '#app/db/dialect.server.ts';
import { getEnv } from '#app/env.server.ts';
import type { BackupManifest } from '#app/services/backup/archive-format.ts';
import { createBackup } from '#app/services/backup/create-backup.server.ts';
import { restoreBackup, RestoreRefused } from '#app/services/backup/restore-backup.server.ts';
import { testDialects } from '#tests/support/databases.ts';
import { emptyTables, seedRichContent } from '#tests/support/rich-content.ts';

// A site backed up from one database and restored into the other comes back whole: the same rows (byte for byte
// as exported) and the same files, so a second backup of the restored site holds exactly the first one's content.

const postgresUrl = process.env.TEST_DATABASE_URL;
const scratch = mkdtempSync(path.join(tmpdir(), 'atelier-backups-'));

/** A database nobody has migrated or seeded, with its own data directory. */
async function emptyTarget(kind: 'sqlite' | 'postgres') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-restore-'));
  if (kind === 'sqlite') {
    const file = path.join(dataDir, 'atelier.sqlite');
    const handle = openSqlite(file);
    return { handle, dataDir, databaseUrl: `file:${file}`, drop: async () => void (await handle.db.destroy()) };
  }
  const name = `atelier_restore_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  return {
    handle,
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      await handle.db.destroy();
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** An archive's manifest and entries, read back. */
async function readArchive(file: string) {
  const dir = mkdtempSync(path.join(scratch, 'read-'));
  await tar.extract({ file, cwd: dir });
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  return { dir, manifest };
}

/** What an archive holds, without when and from which database it was taken. */
function content(manifest: BackupManifest) {
  const { createdAt: _createdAt, source: _source, ...rest } = manifest;
  return rest;
}

const sourceUrl = (handle: DatabaseHandle) => (handle.dialect === 'sqlite' ? `file:${handle.location}` : handle.location);
type Kind = 'sqlite' | 'postgres';
const pairs: Array<[Kind, Kind]> = postgresUrl
  ? [
      ['sqlite', 'postgres'],
      ['postgres', 'sqlite'],
    ]
  : [['sqlite', 'sqlite']];

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.each(pairs)('backup from %s, restore into %s', (from, to) => {
  const dialect = testDialects.find((candidate) => candidate.name === from)!;
  let source: DatabaseHandle;
  let largeContent = '';
  const first = path.join(scratch, `${from}-to-${to}-first.tar.gz`);
  const second = path.join(scratch, `${from}-to-${to}-second.tar.gz`);
  let target: Awaited<ReturnType<typeof emptyTarget>>;

  beforeAll(async () => {
    source = await dialect.open();
    ({ largeContent } = await seedRichContent());
    target = await emptyTarget(to);
  }, 60_000);
  afterAll(async () => {
    await target?.drop();
    await dialect.close();
  });

  it('seeds every table, then backs up, restores and backs up again with identical content', async () => {
    expect(await emptyTables(from)).toEqual([]);
    const backup = await createBackup(first, { databaseUrl: sourceUrl(source), dataDir: getEnv().DATA_DIR });
    expect(backup.missingFiles).toEqual([]);
    expect(backup.files).toBeGreaterThan(5);

    const restored = await restoreBackup(first, { handle: target.handle, dataDir: target.dataDir });
    expect(restored.rows).toBe(backup.rows);
    await createBackup(second, { databaseUrl: target.databaseUrl, dataDir: target.dataDir });

    const a = await readArchive(first);
    const b = await readArchive(second);
    expect(a.manifest.source).toBe(from);
    expect(b.manifest.source).toBe(to);
    expect(content(b.manifest)).toEqual(content(a.manifest));
    for (const table of a.manifest.tables) expect(table.rows, table.table).toBeGreaterThan(0);
    // The checksums say the bytes match; one table read back says the rows are the ones written.
    const posts = readFileSync(path.join(b.dir, 'tables/blog_posts.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { content: string; views: number });
    expect(posts.find((post) => post.content === largeContent)).toMatchObject({ views: 12 });
    expect(readFileSync(path.join(b.dir, 'tables/blog_posts.jsonl'))).toEqual(readFileSync(path.join(a.dir, 'tables/blog_posts.jsonl')));
  }, 120_000);

  it('refuses a database that holds rows unless forced, and then replaces its content', async () => {
    const refused = await restoreBackup(first, { handle: target.handle, dataDir: target.dataDir }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RestoreRefused);
    expect((refused as Error).message).toMatch(
      /^The database is not empty \(.*blog_posts.*\): restore into an empty database, or add --force/,
    );
    const again = await restoreBackup(first, { handle: target.handle, dataDir: target.dataDir }, { force: true });
    expect(again.rows).toBeGreaterThan(0);
    const third = path.join(scratch, `${from}-to-${to}-third.tar.gz`);
    await createBackup(third, { databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    expect(content((await readArchive(third)).manifest)).toEqual(content((await readArchive(first)).manifest));
  }, 120_000);

  /** The first archive with its manifest rewritten by `change` (entries left as they are). */
  async function withManifest(name: string, change: (manifest: BackupManifest) => void): Promise<string> {
    const { dir, manifest } = await readArchive(first);
    change(manifest);
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    const file = path.join(scratch, `${from}-${name}.tar.gz`);
    await tar.create({ gzip: true, file, cwd: dir }, [
      'manifest.json',
      ...manifest.tables.map((t) => t.path),
      ...manifest.files.map((f) => f.path),
    ]);
    return file;
  }

  it('loads a backup of an older schema into that schema, then migrates it; refuses one from a newer version', async () => {
    const older = await withManifest('older', (manifest) => {
      manifest.migrations = manifest.migrations.filter((name) => name !== '0090-public-form-receipts');
      manifest.schemaVersion = manifest.migrations.at(-1)!;
      manifest.tables = manifest.tables.filter((table) => table.table !== 'public_form_receipts');
    });
    const fresh = await emptyTarget(to);
    try {
      const summary = await restoreBackup(older, { handle: fresh.handle, dataDir: fresh.dataDir });
      expect(summary.schemaVersion).not.toBe('0090-public-form-receipts');
      const applied = await fresh.handle.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(applied.map((row) => (row as { name: string }).name)).toContain('0090-public-form-receipts');
    } finally {
      await fresh.drop();
    }
    const newer = await withManifest('newer', (manifest) => {
      manifest.migrations.push('9999-from-the-future');
      manifest.schemaVersion = '9999-from-the-future';
    });
    const other = await emptyTarget(to);
    try {
      const refused = await restoreBackup(newer, { handle: other.handle, dataDir: other.dataDir }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(RestoreRefused);
      expect((refused as Error).message).toBe(
        'The backup was made by a newer Atelier (migrations 9999-from-the-future): upgrade before restoring it.',
      );
    } finally {
      await other.drop();
    }
  }, 60_000);

  it('checks every checksum before writing anything: a damaged archive changes nothing', async () => {
    const { dir, manifest } = await readArchive(first);
    const file = path.join(dir, 'tables/messages.jsonl');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Ørsted', 'Ørstad'));
    const damaged = path.join(scratch, `${from}-damaged.tar.gz`);
    await tar.create({ gzip: true, file: damaged, cwd: dir }, [
      'manifest.json',
      ...manifest.tables.map((t) => t.path),
      ...manifest.files.map((f) => f.path),
    ]);
    const fresh = await emptyTarget(to);
    try {
      const refused = await restoreBackup(damaged, { handle: fresh.handle, dataDir: fresh.dataDir }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(RestoreRefused);
      expect((refused as Error).message).toContain('tables/messages.jsonl: checksum does not match');
      // Nothing was written: not even the schema.
      const probe = await fresh.handle.db.introspection.getTables();
      expect(probe).toEqual([]);
    } finally {
      await fresh.drop();
    }
  }, 60_000);
});
