import type { Kysely } from 'kysely';

/**
 * Who has already been counted as a view of an article today: one row per day, article and visitor, where the
 * visitor is a keyed hash of address and browser whose key changes every day, so rows cannot be traced back to an
 * address nor linked across days. Rows of past days are deleted as new days begin.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('post_view_visitors')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_view_visitors_pk', ['day', 'post_id', 'visitor'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('post_view_visitors').ifExists().execute();
}
