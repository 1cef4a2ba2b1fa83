import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';

import type { Database } from '#app/db/schema.ts';

/** The tables a bulk load of posts fills; their secondary indexes are built once, after the rows. */
const LOADED = ['blog_posts', 'post_categories', 'post_tags', 'media_usage'];

/**
 * Runs `load` (inserts of many posts) as a bulk load, in one transaction, so that a failure leaves the database as it
 * was: the secondary indexes of the loaded tables are dropped first and built again after the rows (one sort each
 * instead of a million index updates); on SQLite the posts' full-text triggers are dropped too and the index is
 * rebuilt in one pass after, gathering up to 256 MB of words in memory before it writes a segment (the default, 1 MB,
 * is reset after). Measured (docs/decisions/032-a-big-site.md): a trigger a row takes 2.4 times as long as the rows
 * then one rebuild, and the larger gathering saves about a third of the rebuild. PostgreSQL computes each post's
 * stored words (migration 0260) as the row goes in; its GIN index is built after.
 */
/**
 * A rebuild that gathers everything in memory writes the whole index as one segment on FTS5's lowest level, the
 * level every save's small segment joins. About the 16th save after it then merges that level at once (FTS5's
 * "crisis merge"), so one save rewrote the whole index: 3.6 s at 20,000 posts, minutes at a million. 'optimize'
 * merges all segments into one on a level above, where saves' segments merge among themselves; it needs two, so a
 * word is indexed under rowid 0 (no post has it) and unindexed again first. A one-off cost of about one rebuild's
 * writing (2.7 s at 20,000 posts); after it, 3,000 saves took 72 ms at most (decision 032).
 */
async function liftRebuiltSegment(trx: Transaction<Database>): Promise<void> {
  await sql`insert into blog_posts_fts (rowid, title, excerpt, content) values (0, 'lift', 'lift', 'lift')`.execute(trx);
  await sql`insert into blog_posts_fts (blog_posts_fts, rowid, title, excerpt, content) values ('delete', 0, 'lift', 'lift', 'lift')`.execute(
    trx,
  );
  await sql`insert into blog_posts_fts (blog_posts_fts) values ('optimize')`.execute(trx);
}

export async function bulkLoad(
  db: Kysely<Database>,
  load: (trx: Transaction<Database>) => Promise<void>,
  report: (step: string) => void = () => undefined,
): Promise<void> {
  const tables = sql.join(LOADED.map((table) => sql.lit(table)));
  await db.transaction().execute(async (trx) => {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`set local maintenance_work_mem = '512MB'`.execute(trx);
      await sql`set local synchronous_commit = off`.execute(trx);
      // Indexes behind a constraint (primary keys) stay: dropping them would drop the constraint.
      const { rows: indexes } = await sql<{ name: string; definition: string }>`
        select indexname as name, indexdef as definition from pg_indexes
         where schemaname = current_schema() and tablename in (${tables})
           and not exists (select 1 from pg_constraint where conindid = format('%I.%I', schemaname, indexname)::regclass)`.execute(trx);
      for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(trx);
      await load(trx);
      report('rows written');
      for (const index of indexes) await sql.raw(index.definition).execute(trx);
      report('indexes built');
      return;
    }
    const { rows: indexes } = await sql<{ name: string; definition: string }>`
      select name, sql as definition from sqlite_master where type = 'index' and tbl_name in (${tables}) and sql is not null`.execute(trx);
    const { rows: triggers } = await sql<{ name: string; definition: string }>`
      select name, sql as definition from sqlite_master where type = 'trigger' and tbl_name = 'blog_posts' and name like 'blog_posts_fts_%'`.execute(
      trx,
    );
    for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(trx);
    for (const trigger of triggers) await sql`drop trigger ${sql.id(trigger.name)}`.execute(trx);
    await load(trx);
    report('rows written');
    for (const index of indexes) await sql.raw(index.definition).execute(trx);
    report('indexes built');
    if (triggers.length) {
      await sql`insert into blog_posts_fts (blog_posts_fts, rank) values ('hashsize', 268435456)`.execute(trx);
      await sql`insert into blog_posts_fts (blog_posts_fts) values ('rebuild')`.execute(trx);
      await sql`insert into blog_posts_fts (blog_posts_fts, rank) values ('hashsize', 1048576)`.execute(trx);
      await liftRebuiltSegment(trx);
    }
    report('full-text index rebuilt');
    for (const trigger of triggers) await sql.raw(trigger.definition).execute(trx);
  });
}
