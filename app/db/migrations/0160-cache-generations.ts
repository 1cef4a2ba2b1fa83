import type { Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * What every instance's cached public pages were built on (decision 031): a write visitors can see bumps
 * `generation` of the row `public` in its own transaction; each instance, told by PostgreSQL's NOTIFY or by polling
 * this row, drops its cached pages when the number it holds is older. No row yet reads as generation 0.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cache_generations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('generation', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cache_generations').ifExists().execute();
}
