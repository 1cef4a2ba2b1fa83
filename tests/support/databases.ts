import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { closeDatabase, setDatabase } from '#app/db/client.server.ts';
import { type DatabaseHandle, openPostgres, openSqlite } from '#app/db/dialect.server.ts';
import { migrateOnly, migrateToLatest } from '#app/db/migrate.server.ts';
import { getEnv } from '#app/env.server.ts';
import { seedDatabase } from '#app/services/startup/seed.server.ts';

import { loadTestEnv } from './env.ts';

interface OpenOptions {
  migrations?: string[];
}

export interface TestDialect {
  name: 'sqlite' | 'postgres';
  /**
   * Opens a fresh, migrated and seeded database of this dialect and makes it current; with `migrations`, a database
   * made by those migrations only, unseeded (for a migration's test on what older code wrote).
   */
  open: (options?: OpenOptions) => Promise<DatabaseHandle>;
  /** Closes the current database and removes it. */
  close: () => Promise<void>;
}

const postgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI && !postgresUrl) {
  throw new Error('CI must run the PostgreSQL tests: set TEST_DATABASE_URL');
}

function sqliteDialect(): TestDialect {
  let dir: string | undefined;
  return {
    name: 'sqlite',
    async open(options) {
      dir = mkdtempSync(path.join(tmpdir(), 'atelier-test-'));
      return prepare(openSqlite(path.join(dir, 'test.sqlite')), options);
    },
    async close() {
      await closeDatabase();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresDialect(adminUrl: string): TestDialect {
  let name: string | undefined;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    name: 'postgres',
    async open(options) {
      name = `atelier_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
      await admin((client) => client.query(`create database ${name}`));
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return prepare(openPostgres(url.toString()), options);
    },
    async close() {
      await closeDatabase();
      if (name) await admin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function prepare(handle: DatabaseHandle, options: OpenOptions = {}): Promise<DatabaseHandle> {
  // Seeding copies the seeded media into DATA_DIR/uploads: a test that loaded no environment gets its own.
  try {
    getEnv();
  } catch {
    loadTestEnv();
  }
  setDatabase(handle);
  if (options.migrations) {
    await migrateOnly(handle.db, options.migrations);
    return handle;
  }
  await migrateToLatest(handle.db);
  await seedDatabase(handle.db);
  return handle;
}

/** SQLite always; PostgreSQL when TEST_DATABASE_URL is set (and always in CI). */
export const testDialects: TestDialect[] = [sqliteDialect(), ...(postgresUrl ? [postgresDialect(postgresUrl)] : [])];
