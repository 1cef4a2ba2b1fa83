import type { Kysely } from 'kysely';

/**
 * Media items record who uploaded them, so a user with `manage_media` alone changes only their own. Items from
 * before (seeded, or uploaded before this column) keep null: they belong to the staff, and only those who may
 * manage all media change them. No foreign key: when an account is deleted, its uploads stay on the site.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('uploaded_by', 'text').execute();
  await db.schema.createIndex('media_uploaded_by').on('media').column('uploaded_by').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('media_uploaded_by').ifExists().execute();
  await db.schema.alterTable('media').dropColumn('uploaded_by').execute();
}
