import { sql } from 'kysely';

import { setDatabase } from '#app/db/client.server.ts';
import { type DatabaseHandle, openDatabase } from '#app/db/dialect.server.ts';
import { migrateToLatest } from '#app/db/migrate.server.ts';
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
  try {
    const applied = await migrateToLatest(handle.db);
    if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
  } catch (error) {
    throw new DatabaseStartupError(`Cannot migrate the database at ${handle.location}: ${(error as Error).message}`);
  }
  if (await seedDatabase(handle.db)) log('Seeded the database with the starter content.');
  const admin = await ensureFirstAdmin({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
  if (admin.generatedPassword) {
    log(
      [
        '',
        '  First administrator created. This password is shown only once:',
        `    email:    ${env.ADMIN_EMAIL}`,
        `    password: ${admin.generatedPassword}`,
        '',
      ].join('\n'),
    );
  }
  return handle;
}
