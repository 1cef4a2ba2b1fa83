import type { Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * Scheduled publishing: a page or post saved as published with a future date is stored with status `scheduled`
 * until the publishing job makes it `published`; `scheduled_by` is who scheduled it (told when it goes live).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['pages', 'blog_posts']) {
    await db.schema.alterTable(table).addColumn('scheduled_by', 'text').execute();
  }
  await db.schema.createIndex('pages_status_publish').on('pages').columns(['status', 'publish_date']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('pages_status_publish').ifExists().execute();
  for (const table of ['pages', 'blog_posts']) {
    await db.schema.alterTable(table).dropColumn('scheduled_by').execute();
  }
}
