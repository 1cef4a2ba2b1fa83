import type { Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * The WordPress import (decision 033). `import_items` maps each imported WordPress thing (an author, category, tag,
 * attachment, post, page or comment, by its WordPress id within its site) to the Atelier row made from it, so a second
 * run skips what is there. `import_runs` is one import started from Settings → Import: the uploaded file's place, a
 * dry run or not, its state and, when done, its per-type report as JSON.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('import_items')
    .addColumn('site', 'text', (c) => c.notNull())
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('guid', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_items_pk', ['site', 'item_type', 'source_id'])
    .execute();
  await db.schema
    .createTable('import_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('dry_run', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('report', 'text')
    .addColumn('error', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('import_runs_created').on('import_runs').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_runs').ifExists().execute();
  await db.schema.dropTable('import_items').ifExists().execute();
}
