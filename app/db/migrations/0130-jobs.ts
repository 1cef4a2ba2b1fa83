import type { Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * Timed work, run once per cluster (decision 028): each row is a job due at `run_at`. A process claims a due row by
 * writing its own id and a lease (`locked_by`, `locked_until`); a lease that runs out (the process died) frees the row
 * for another. Recurring jobs keep one row each (`recurring:<name>`, `every_ms` set) that moves on after each run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('every_ms', 'integer')
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('failed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['run_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').ifExists().execute();
}
