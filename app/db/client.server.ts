import type { Kysely } from 'kysely';

import type { DatabaseHandle, DialectName } from './dialect.server.ts';
import type { Database } from './schema.ts';

// Kept on globalThis so that the dev server's module reloads and the
// production bundle's chunks all share one connection.
const holder = globalThis as typeof globalThis & { __atelierDatabase?: DatabaseHandle };

export function setDatabase(handle: DatabaseHandle | undefined): void {
  holder.__atelierDatabase = handle;
}

function handle(): DatabaseHandle {
  const current = holder.__atelierDatabase;
  if (!current) throw new Error('Database not opened: call setDatabase() at start-up');
  return current;
}

export function getDb(): Kysely<Database> {
  return handle().db;
}

export function getDialect(): DialectName {
  return handle().dialect;
}

/** The current database's address, for a second connection of its own (file:<path> or postgres://…). */
export function getDatabaseUrl(): string {
  return handle().url;
}

export async function closeDatabase(): Promise<void> {
  const current = holder.__atelierDatabase;
  holder.__atelierDatabase = undefined;
  await current?.db.destroy();
}
