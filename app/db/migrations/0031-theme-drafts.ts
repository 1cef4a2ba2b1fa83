import type { Kysely } from 'kysely';

/**
 * The theme editor's unsaved theme, one per user, so the real public pages can be rendered in it
 * for that user alone (preview) without saving or activating anything.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('theme_drafts')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('theme_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('theme_drafts').ifExists().execute();
}
