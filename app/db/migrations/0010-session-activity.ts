import { type Kysely, sql } from 'kysely';

/**
 * Sessions record when they were last used (idle timeout) and the browser that opened them
 * (the account page lists them); expired sessions are pruned by expiry time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('last_used_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update sessions set last_used_at = created_at`.execute(db);
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('sessions_last_used_at').on('sessions').column('last_used_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_last_used_at').ifExists().execute();
  await db.schema.dropIndex('sessions_expires_at').ifExists().execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema.alterTable('sessions').dropColumn('last_used_at').execute();
}
