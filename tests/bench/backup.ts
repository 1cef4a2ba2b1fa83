// npm run bench:backup — backup and restore figures: a SQLite site of BENCH_POSTS (10,000) posts of about 1.5 kB and
// the starter media, backed up while another connection keeps committing (its slowest commit during the backup is
// the time writers were held), then restored into a fresh SQLite database and (with TEST_DATABASE_URL or
// BENCH_DATABASE_URL) a fresh PostgreSQL database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

import pg from 'pg';

import { closeDatabase, setDatabase } from '#app/db/client.server.ts';
import { type DatabaseHandle, openPostgres, openSqlite } from '#app/db/dialect.server.ts';
import { migrateToLatest } from '#app/db/migrate.server.ts';
import { formatFileSize } from '#app/lib/file-size.ts';
import { createBackup } from '#app/services/backup/create-backup.server.ts';
import { restoreBackup } from '#app/services/backup/restore-backup.server.ts';
import { seedDatabase } from '#app/services/startup/seed.server.ts';
import { loadTestEnv } from '#tests/support/env.ts';

import { seedBenchPosts } from './seed-posts.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const env = loadTestEnv();
const file = path.join(env.DATA_DIR, 'atelier.sqlite');
const source = openSqlite(file);
setDatabase(source);
await migrateToLatest(source.db);
await seedDatabase(source.db);
await seedBenchPosts(source.db, POSTS);
await closeDatabase();

// A writer on its own connection in its own thread, committing one small row after another while the backup runs.
const stop = new SharedArrayBuffer(4);
const writer = new Worker(
  `const { parentPort, workerData } = require('node:worker_threads');
   const Sqlite = require('better-sqlite3');
   const db = new Sqlite(workerData.file);
   db.pragma('journal_mode = WAL'); db.pragma('synchronous = FULL'); db.pragma('busy_timeout = 5000');
   const insert = db.prepare("insert into throttles (key, count, window_started_at) values (?, 1, '2026-01-01T00:00:00.000Z')");
   const stop = new Int32Array(workerData.stop);
   let commits = 0, slowest = 0;
   while (Atomics.load(stop, 0) === 0) {
     const started = performance.now();
     insert.run('bench:' + commits++);
     slowest = Math.max(slowest, performance.now() - started);
   }
   db.close();
   parentPort.postMessage({ commits, slowest });`,
  { eval: true, workerData: { file, stop } },
);
const written = new Promise<{ commits: number; slowest: number }>((resolve) => writer.once('message', resolve));
const scratch = mkdtempSync(path.join(tmpdir(), 'atelier-bench-backup-'));
const archive = path.join(scratch, 'site.tar.gz');
const backup = await createBackup(archive, { databaseUrl: `file:${file}`, dataDir: env.DATA_DIR });
Atomics.store(new Int32Array(stop), 0, 1);
const { commits, slowest } = await written;
console.log(
  `backup: ${backup.rows} rows, ${backup.files} files → ${formatFileSize(backup.bytes)} in ${(backup.milliseconds / 1000).toFixed(2)} s; ` +
    `a writer committed ${commits} times meanwhile, its slowest commit ${slowest.toFixed(1)} ms`,
);

async function restoreInto(handle: DatabaseHandle, label: string) {
  const dataDir = mkdtempSync(path.join(scratch, 'restore-'));
  const summary = await restoreBackup(archive, { handle, dataDir });
  console.log(`restore into ${label}: ${summary.rows} rows, ${summary.files} files in ${(summary.milliseconds / 1000).toFixed(2)} s`);
  await handle.db.destroy();
}

await restoreInto(openSqlite(path.join(scratch, 'restored.sqlite')), 'SQLite');
if (postgresUrl) {
  const name = `atelier_bench_restore_${process.pid}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(query).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  try {
    await restoreInto(openPostgres(url.toString()), 'PostgreSQL');
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}
rmSync(scratch, { recursive: true, force: true });
