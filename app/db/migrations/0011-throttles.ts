import type { Kysely } from 'kysely';

/**
 * One counter row per throttled key (sign-in per address, per account and address, SMTP checks…),
 * incremented atomically with an upsert, so parallel requests are all counted. Replaces the
 * one-row-per-failure table, whose check-then-insert let parallel guesses through.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('throttles')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('throttles_window_started_at').on('throttles').column('window_started_at').execute();
  await db.schema.dropTable('auth_failures').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('throttles').ifExists().execute();
  await db.schema
    .createTable('auth_failures')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
