import { type Kysely, sql } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * The Messages inbox: read state and folder become separate (a message can be archived and unread),
 * spam is a folder with the reason the filter gave, and the mail notification of each message keeps
 * its delivery state so a failed send is retried and shown, never lost.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('folder', 'text', (c) => c.notNull().defaultTo('inbox'))
    .execute();
  await db.schema
    .alterTable('messages')
    .addColumn('spam_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // none (no SMTP when it arrived), pending (to send or retry), sent, failed (gave up after the retries).
  await db.schema
    .alterTable('messages')
    .addColumn('notify_state', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.schema
    .alterTable('messages')
    .addColumn('notify_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('messages')
    .addColumn('notify_error', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('messages').addColumn('notify_next_at', 'text').execute();
  // The old single status mixed read state and folder: an archived message was read.
  await sql`update messages set folder = 'archived', status = 'read' where status = 'archived'`.execute(db);
  await db.schema.createIndex('messages_folder_created').on('messages').columns(['folder', 'created_at']).execute();
  await db.schema.createIndex('messages_notify_due').on('messages').columns(['notify_state', 'notify_next_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_notify_due').ifExists().execute();
  await db.schema.dropIndex('messages_folder_created').ifExists().execute();
  for (const column of ['notify_next_at', 'notify_error', 'notify_attempts', 'notify_state', 'spam_reason', 'folder']) {
    await db.schema.alterTable('messages').dropColumn(column).execute();
  }
}
