import type { Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * Staff notifications. A notification is for one user (user_id) or for everyone holding a
 * permission; the one who caused it (actor_id) is not told about their own act. Read and dismissed
 * are per user, in notification_states.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('permission', 'text')
    .addColumn('user_id', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_created').on('notifications').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('notifications_user_created').on('notifications').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('notification_states')
    .addColumn('notification_id', 'text', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('dismissed_at', 'text')
    .addPrimaryKeyConstraint('notification_states_pk', ['notification_id', 'user_id'])
    .execute();
  await db.schema.createIndex('notification_states_user').on('notification_states').columns(['user_id', 'notification_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_states').ifExists().execute();
  await db.schema.dropTable('notifications').ifExists().execute();
}
