import { existsSync } from 'node:fs';

import { closeDatabase, setDatabase } from '#app/db/client.server.ts';
import { type DatabaseHandle, openDatabase } from '#app/db/dialect.server.ts';
import { loadEnv } from '#app/env.server.ts';

/** Opens the configured database for a command-line script; exits with the cause on failure. */
export async function withCliDatabase(work: (handle: DatabaseHandle) => Promise<void>): Promise<void> {
  try {
    if (existsSync('.env')) process.loadEnvFile('.env');
    const env = loadEnv();
    const handle = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, synchronous: env.SQLITE_SYNCHRONOUS });
    setDatabase(handle);
    await work(handle);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await closeDatabase();
  }
}
