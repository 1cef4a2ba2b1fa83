import type { Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * Redirects of the public site: from a path (normalised as the request path is: decoded, lowercase, no trailing
 * slash) to a site path or a full URL (`to_path`: the target's path when it is on this site, for chains and loops), 301 or 302, made by hand or when a published page's or post's slug changes,
 * with a hit count and the last hit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('redirects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('from_path', 'text', (c) => c.notNull().unique())
    .addColumn('to_target', 'text', (c) => c.notNull())
    .addColumn('to_path', 'text')
    .addColumn('status_code', 'integer', (c) => c.notNull().defaultTo(301))
    .addColumn('automatic', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_hit_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('redirects_to_path').on('redirects').column('to_path').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('redirects').ifExists().execute();
}
