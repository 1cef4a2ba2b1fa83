import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Indexes for the admin's page and post lists (see docs/decisions/004-content-list-performance.md):
 * - the lists show everything but the trash, newest change first: partial indexes that match
 *   `status <> 'trash'` and are already in that order, so the first screen and the count read
 *   only the index;
 * - a contributor's list is filtered on the author;
 * - post search (title or content contains a term, ignoring case) uses a trigram index:
 *   SQLite's FTS5 trigram tokenizer (an external-content table kept in step by triggers), or
 *   PostgreSQL's pg_trgm GIN indexes when the extension can be installed; without pg_trgm the
 *   search still works, by scanning.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await sql`create index blog_posts_live_updated on blog_posts (updated_at, id) where status <> 'trash'`.execute(db);
  await sql`create index pages_live_updated on pages (updated_at, id) where status <> 'trash'`.execute(db);
  await db.schema.createIndex('blog_posts_author_updated').on('blog_posts').columns(['author_id', 'updated_at']).execute();

  if (postgres) {
    const available = await sql<{ name: string }>`select name from pg_available_extensions where name = 'pg_trgm'`.execute(db);
    if (available.rows.length === 0) return;
    try {
      // A savepoint, so that lacking the right to install the extension leaves the migration intact.
      await sql`savepoint before_trgm`.execute(db);
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`release savepoint before_trgm`.execute(db);
    } catch {
      await sql`rollback to savepoint before_trgm`.execute(db);
      return;
    }
    await sql`create index blog_posts_title_trgm on blog_posts using gin (lower(title) gin_trgm_ops)`.execute(db);
    await sql`create index blog_posts_content_trgm on blog_posts using gin (lower(content) gin_trgm_ops)`.execute(db);
    return;
  }

  await sql`create virtual table blog_posts_search using fts5(title, content, content='blog_posts', content_rowid='rowid', tokenize='trigram')`.execute(
    db,
  );
  await sql`insert into blog_posts_search (rowid, title, content) select rowid, title, content from blog_posts`.execute(db);
  await sql`create trigger blog_posts_search_insert after insert on blog_posts begin
    insert into blog_posts_search (rowid, title, content) values (new.rowid, new.title, new.content);
  end`.execute(db);
  await sql`create trigger blog_posts_search_delete after delete on blog_posts begin
    insert into blog_posts_search (blog_posts_search, rowid, title, content) values ('delete', old.rowid, old.title, old.content);
  end`.execute(db);
  await sql`create trigger blog_posts_search_update after update of title, content on blog_posts begin
    insert into blog_posts_search (blog_posts_search, rowid, title, content) values ('delete', old.rowid, old.title, old.content);
    insert into blog_posts_search (rowid, title, content) values (new.rowid, new.title, new.content);
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['blog_posts_search_insert', 'blog_posts_search_delete', 'blog_posts_search_update']) {
    await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  }
  await sql`drop table if exists blog_posts_search`.execute(db);
  for (const index of [
    'blog_posts_title_trgm',
    'blog_posts_content_trgm',
    'blog_posts_author_updated',
    'pages_live_updated',
    'blog_posts_live_updated',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
}
