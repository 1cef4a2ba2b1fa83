import { type Kysely, sql } from 'kysely';

import { setDatabase } from '#app/db/client.server.ts';
import { type DatabaseHandle, openDatabase } from '#app/db/dialect.server.ts';
import { knownMigrations, migrateToLatest } from '#app/db/migrate.server.ts';
import type { Database } from '#app/db/schema.ts';
import type { Env } from '#app/env.server.ts';
import { recordQuery } from '#app/services/debug/request-timings.server.ts';
import { ensureFirstAdmin } from '#app/services/users/first-admin.server.ts';

import { seedDatabase } from './seed.server.ts';

export class DatabaseStartupError extends Error {}

/**
 * Opens the database, checks it answers, migrates it, seeds it when empty and
 * makes sure an administrator exists. Every failure names its cause.
 */
export async function setUpDatabase(env: Env, log: (line: string) => void = console.log): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  try {
    // Every query reports its duration to Debug Mode's per-request figures (a no-op outside a measured request).
    handle = openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      synchronous: env.SQLITE_SYNCHRONOUS,
      onQuery: recordQuery,
    });
    await sql`select 1`.execute(handle.db);
  } catch (error) {
    throw new DatabaseStartupError(`Cannot open the database: ${(error as Error).message}`);
  }
  setDatabase(handle);
  // Instances starting together take turns: the first migrates and seeds, the others then find nothing to do.
  const admin = await underStartupLock(handle, async () => {
    try {
      const applied = await migrateToLatest(handle.db);
      // A new database takes every migration: one short line, not the whole list.
      if (applied.length)
        log(`Applied migrations: ${applied.length > 3 ? `${applied[0]} to ${applied.at(-1)} (${applied.length})` : applied.join(', ')}`);
    } catch (error) {
      throw new DatabaseStartupError(`Cannot migrate the database at ${handle.location}: ${(error as Error).message}`);
    }
    if (await seedDatabase(handle.db)) log('Seeded the database with the starter content.');
    return ensureFirstAdmin({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
  });
  if (admin.generatedPassword) {
    log(
      [
        '',
        '  First administrator created. This password is shown only once:',
        `    sign in:  ${env.SITE_URL}/login`,
        `    email:    ${env.ADMIN_EMAIL}`,
        `    password: ${admin.generatedPassword}`,
        '',
      ].join('\n'),
    );
  }
  return handle;
}

/** The PostgreSQL advisory lock instances take to migrate and seed one at a time (any number, fixed for Atelier). */
const STARTUP_LOCK = 7_316_027_031;

/**
 * Runs `work` holding a PostgreSQL session advisory lock on a connection of its own (decision 031), so several
 * instances starting together migrate, seed and create the first administrator once; SQLite's processes are all on
 * one machine and take turns through its write lock (and the cluster's primary prepares the database alone).
 */
async function underStartupLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (handle.dialect !== 'postgres') return work();
  return handle.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(connection);
    }
  });
}

/**
 * For /readyz: the database answers and holds every migration this code knows (an instance never serves on an
 * older schema). Answers what is wrong, or null when ready.
 */
export async function databaseNotReady(db: Kysely<Database>): Promise<string | null> {
  try {
    const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const applied = new Set(rows.rows.map((row) => row.name));
    const missing = knownMigrations().filter((name) => !applied.has(name));
    return missing.length ? `migrations not applied: ${missing.join(', ')}` : null;
  } catch (error) {
    return `database unreachable: ${(error as Error).message}`;
  }
}
