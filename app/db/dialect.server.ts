import { closeSync, openSync } from 'node:fs';
import path from 'node:path';

import SQLite from 'better-sqlite3';
import { Kysely, type LogEvent, PostgresDialect, type SqliteDatabase, SqliteDialect } from 'kysely';
import pg from 'pg';

import { boundedMemo } from '#app/lib/bounded-memo.ts';

import type { Database } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Where the data lives, for messages: a file path or a URL without its password. */
  location: string;
}

export function isPostgresUrl(url: string | undefined): boolean {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** Told the duration of every query, failed ones included (Debug Mode's per-request figures). */
export type QueryObserver = (durationMs: number) => void;

function logTo(onQuery: QueryObserver | undefined) {
  return onQuery ? (event: LogEvent) => onQuery(event.queryDurationMillis) : undefined;
}

/** Distinct query texts whose prepared statements are kept (the app has a few hundred). */
const MAX_CACHED_STATEMENTS = 1000;

/**
 * The database as Kysely's SQLite dialect sees it, with each query text prepared once: Kysely
 * prepares every query it runs, and on a public page preparing cost more than running. A statement
 * still being iterated (a streamed select) is busy: then a fresh one is prepared, as before.
 * SQLite prepares a kept statement again by itself when the schema changes (a migration).
 */
export function withPreparedStatements(sqlite: SQLite.Database, max = MAX_CACHED_STATEMENTS): SqliteDatabase {
  // Least recently used texts out first: the bound only matters for generated texts.
  const kept = boundedMemo((sql) => sqlite.prepare(sql), max);
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const statement = kept(sql);
      return statement.busy ? sqlite.prepare(sql) : statement;
    },
  };
}

/**
 * How SQLite waits for the disk at a commit in WAL mode. FULL (the default) syncs the log at every commit, so a
 * write acknowledged to a user survives a power cut or an operating-system crash; NORMAL syncs only at checkpoints,
 * so such a crash can lose the last commits (never corrupt the file). A killed server process loses nothing with
 * either. The cost is measured in docs/decisions/023-durable-writes-and-backups.md.
 */
export type SqliteSynchronous = 'FULL' | 'NORMAL';

export function openSqlite(file: string, onQuery?: QueryObserver, synchronous: SqliteSynchronous = 'FULL'): DatabaseHandle {
  // A new database file is readable by this account only (SQLite gives its -wal and -shm files the same mode);
  // 'a' creates it if missing and leaves an existing file untouched.
  if (file !== ':memory:') closeSync(openSync(file, 'a', 0o600));
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`synchronous = ${synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withPreparedStatements(sqlite) }), log: logTo(onQuery) });
  return { db, dialect: 'sqlite', location: file };
}

export function openPostgres(url: string, onQuery?: QueryObserver): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its server connection must not crash the process.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: logTo(onQuery) });
  return { db, dialect: 'postgres', location: redact(url) };
}

/** DATABASE_URL unset → SQLite file in DATA_DIR; postgres://… → PostgreSQL; file:… → that SQLite file. */
export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  onQuery?: QueryObserver;
  synchronous?: SqliteSynchronous;
}): DatabaseHandle {
  const { databaseUrl, dataDir, onQuery, synchronous } = options;
  if (databaseUrl && isPostgresUrl(databaseUrl)) return openPostgres(databaseUrl, onQuery);
  const file = databaseUrl?.startsWith('file:') ? databaseUrl.slice('file:'.length) : path.join(dataDir, 'atelier.sqlite');
  return openSqlite(path.resolve(file), onQuery, synchronous);
}
