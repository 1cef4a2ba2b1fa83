import path from 'node:path';

import Sqlite from 'better-sqlite3';
import pg from 'pg';

import { isPostgresUrl } from '#app/db/dialect.server.ts';

/** A row as exported: column name to a JSON value (the schema holds only text and integers). */
export type ExportedRow = Record<string, string | number | null>;

/**
 * One consistent, read-only view of the whole database, on a connection of its own (never the app's): on SQLite a
 * read transaction in WAL mode (writers carry on; the view is the database as it was at the first read), on
 * PostgreSQL one REPEATABLE READ READ ONLY transaction read through cursors.
 */
export interface Snapshot {
  dialect: 'sqlite' | 'postgres';
  /** Applied migrations by name, in order: the last is the schema version. */
  migrations(): Promise<string[]>;
  /** The app's tables by name: Kysely's bookkeeping and SQLite's full-text index (rebuilt by its triggers) left out. */
  tables(): Promise<string[]>;
  /** Every row of `table`, in primary-key order compared as bytes, so both databases list them alike. */
  rows(table: string): AsyncIterable<ExportedRow>;
  close(): Promise<void>;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Unexpected table or column name: ${JSON.stringify(name)}`);
  return `"${name}"`;
}

function portable(row: Record<string, unknown>): ExportedRow {
  const out: ExportedRow = {};
  for (const key of Object.keys(row).sort()) {
    const value = row[key];
    if (value === null || typeof value === 'string' || typeof value === 'number') out[key] = value;
    else if (typeof value === 'bigint') out[key] = Number(value);
    else throw new Error(`Column ${key} holds a value of type ${typeof value}, which the backup cannot carry.`);
  }
  return out;
}

function sqliteSnapshot(file: string): Snapshot {
  const db = new Sqlite(file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  db.pragma('query_only = 1');
  // The snapshot starts at the first read inside the transaction.
  db.exec('begin');
  const orderOf = (table: string) => {
    const columns = db.prepare(`pragma table_info(${identifier(table)})`).all() as { name: string; pk: number }[];
    const key = columns.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk);
    return (key.length ? key : columns).map((column) => identifier(column.name)).join(', ');
  };
  return {
    dialect: 'sqlite',
    async migrations() {
      return (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((row) => row.name);
    },
    async tables() {
      const rows = db
        .prepare(
          "select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by name",
        )
        .all() as { name: string }[];
      return rows.map((row) => row.name);
    },
    async *rows(table) {
      const statement = db.prepare(`select * from ${identifier(table)} order by ${orderOf(table)}`);
      for (const row of statement.iterate() as Iterable<Record<string, unknown>>) yield portable(row);
    },
    async close() {
      if (db.inTransaction) db.exec('commit');
      db.close();
    },
  };
}

async function postgresSnapshot(url: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin isolation level repeatable read read only');
  let cursors = 0;
  /** The columns a backup carries (not generated ones: the database computes them, and an insert may not name them). */
  const shapeOf = async (table: string) => {
    const key = await client.query<{ column_name: string }>(
      `select k.column_name from information_schema.table_constraints c
         join information_schema.key_column_usage k on k.constraint_name = c.constraint_name and k.table_schema = c.table_schema
        where c.table_schema = current_schema() and c.table_name = $1 and c.constraint_type = 'PRIMARY KEY'
        order by k.ordinal_position`,
      [table],
    );
    const columns = await client.query<{ column_name: string; data_type: string }>(
      `select column_name, data_type from information_schema.columns
        where table_schema = current_schema() and table_name = $1 and is_generated = 'NEVER'
        order by ordinal_position`,
      [table],
    );
    const types = new Map(columns.rows.map((column) => [column.column_name, column.data_type]));
    const names = key.rows.length ? key.rows.map((row) => row.column_name) : columns.rows.map((row) => row.column_name);
    return {
      columns: columns.rows.map((row) => identifier(row.column_name)).join(', '),
      // Text compared as bytes ("C"), as SQLite compares it: the same rows come out in the same order on both.
      order: names.map((name) => (types.get(name) === 'text' ? `${identifier(name)} collate "C"` : identifier(name))).join(', '),
    };
  };
  return {
    dialect: 'postgres',
    async migrations() {
      return (await client.query<{ name: string }>('select name from kysely_migration order by name collate "C"')).rows.map(
        (row) => row.name,
      );
    },
    async tables() {
      const result = await client.query<{ table_name: string }>(
        `select table_name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely\\_%'
          order by table_name collate "C"`,
      );
      return result.rows.map((row) => row.table_name);
    },
    async *rows(table) {
      const cursor = `backup_${++cursors}`;
      const { columns, order } = await shapeOf(table);
      await client.query(`declare ${cursor} no scroll cursor for select ${columns} from ${identifier(table)} order by ${order}`);
      try {
        for (;;) {
          const batch = await client.query<Record<string, unknown>>(`fetch 500 from ${cursor}`);
          for (const row of batch.rows) yield portable(row);
          if (batch.rows.length < 500) break;
        }
      } finally {
        await client.query(`close ${cursor}`);
      }
    },
    async close() {
      await client.query('commit').catch(() => undefined);
      await client.end();
    },
  };
}

/** Where the configured database is: DATABASE_URL (postgres:// or file:) or DATA_DIR/atelier.sqlite. */
export function openSnapshot(options: { databaseUrl?: string; dataDir: string }): Promise<Snapshot> {
  const { databaseUrl, dataDir } = options;
  if (databaseUrl && isPostgresUrl(databaseUrl)) return postgresSnapshot(databaseUrl);
  const file = databaseUrl?.startsWith('file:') ? databaseUrl.slice('file:'.length) : path.join(dataDir, 'atelier.sqlite');
  return Promise.resolve(sqliteSnapshot(path.resolve(file)));
}
