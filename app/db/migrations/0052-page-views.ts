import type { Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * The site's own page-view count: one row per public path per hour, a number and nothing else
 * (no cookie, no address, no user agent is stored).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('page_views')
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('page_views_pk', ['hour', 'path'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_views').ifExists().execute();
}
