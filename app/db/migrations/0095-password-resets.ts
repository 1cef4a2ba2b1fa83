import type { Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * Password reset links: at most one open link per user (a new one replaces it), kept as the SHA-256 hash of its
 * token, with its expiry and who made it (null when the user asked for it from the sign-in page).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_resets').ifExists().execute();
}
