import type { Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * The user directory at scale and invitations:
 * - the Users tab lists newest first, optionally filtered by status, so both orders are indexes and the
 *   first screen reads only the index; counting holders of a role reads (role_id, status);
 * - an invitation keeps only the SHA-256 of its link's token, one per user, and dies with the user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('users_created').on('users').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('users_status_created').on('users').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('users_role_status').on('users').columns(['role_id', 'status']).execute();

  await db.schema
    .createTable('user_invitations')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_invitations').ifExists().execute();
  await db.schema.dropIndex('users_role_status').ifExists().execute();
  await db.schema.dropIndex('users_status_created').ifExists().execute();
  await db.schema.dropIndex('users_created').ifExists().execute();
}
