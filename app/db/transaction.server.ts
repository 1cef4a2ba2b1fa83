import { type Kysely, sql } from 'kysely';

import { getDb, getDialect } from './client.server.ts';
import type { Database } from './schema.ts';

/**
 * Runs `work` in a write transaction. On SQLite the transaction is BEGIN
 * IMMEDIATE, so it takes the write lock up front and never fails half-way
 * with SQLITE_BUSY on lock upgrade; on PostgreSQL it is a normal transaction.
 */
export async function writeTransaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  const db = getDb();
  if (getDialect() === 'postgres') return db.transaction().execute(work);
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}
