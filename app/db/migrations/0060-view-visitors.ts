import { type Kysely, sql } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * Who has already been counted today, for article views and page views alike: one row per day, target
 * ('post:<id>', 'page:/about') and visitor, where the visitor is a keyed hash of address and browser whose key
 * changes every day. Replaces post_view_visitors (today's rows are carried over, so nobody counts twice today);
 * rows of past days are deleted as new days begin.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('view_visitors')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('view_visitors_pk', ['day', 'target', 'visitor'])
    .execute();
  await sql`insert into view_visitors (day, target, visitor) select day, 'post:' || post_id, visitor from post_view_visitors`.execute(db);
  await db.schema.dropTable('post_view_visitors').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('post_view_visitors')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_view_visitors_pk', ['day', 'post_id', 'visitor'])
    .execute();
  await sql`insert into post_view_visitors (day, post_id, visitor) select day, substr(target, 6), visitor from view_visitors where target like 'post:%'`.execute(
    db,
  );
  await db.schema.dropTable('view_visitors').execute();
}
