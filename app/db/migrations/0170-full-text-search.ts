import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations are never edited once landed: add a new file instead.
/**
 * Full-text search by words and word prefixes (docs/decisions/032-a-big-site.md), replacing the trigram ("contains")
 * indexes of migration 0003 for posts, and new for pages and media:
 * - SQLite: FTS5 external-content tables (`blog_posts_fts`: title, excerpt, content; `pages_fts`: title, content;
 *   `media_fts`: title, description, alt) over each table's rowid, tokenised by unicode61 with diacritics removed,
 *   kept in step by triggers, which run inside the writing statement's transaction;
 * - PostgreSQL: GIN indexes over the `search_vector` expressions below ('simple' configuration: no stemming, so the
 *   same words match on both engines), which PostgreSQL keeps in step in the writing transaction itself.
 * Both are filled here for the rows that already exist.
 */
export const SEARCH_TABLES = {
  blog_posts: ['title', 'excerpt', 'content'],
  pages: ['title', 'content'],
  media: ['title', 'description', 'alt'],
} as const;

const ACCENTED = 'àáâãäåāçćčèéêëēėęìíîïīñńòóôõöøōùúûüūýÿžźżÀÁÂÃÄÅĀÇĆČÈÉÊËĒĖĘÌÍÎÏĪÑŃÒÓÔÕÖØŌÙÚÛÜŪÝŸŽŹŻ';
const PLAIN = 'aaaaaaaccceeeeeeeiiiiinnooooooouuuuuyyzzzAAAAAAACCCEEEEEEEIIIIINNOOOOOOOUUUUUYYZZZ';

/** PostgreSQL: one column's words, accents removed (translate is immutable, so it can be indexed; unaccent is not). */
export function wordsSql(column: string): string {
  return `to_tsvector('simple'::regconfig, translate(coalesce(${column}, ''), '${ACCENTED}', '${PLAIN}'))`;
}

/** PostgreSQL: the indexed expression, title weighted A; queries must write it exactly so (app/db/full-text.server.ts). */
export function searchVectorSql(columns: readonly string[]): string {
  return columns.map((column, index) => `setweight(${wordsSql(column)}, '${index === 0 ? 'A' : 'B'}')`).join(' || ');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop index if exists blog_posts_title_trgm`.execute(db);
    await sql`drop index if exists blog_posts_content_trgm`.execute(db);
    for (const [table, columns] of Object.entries(SEARCH_TABLES)) {
      await sql.raw(`create index ${table}_search_vector on ${table} using gin ((${searchVectorSql(columns)}))`).execute(db);
    }
    return;
  }
  for (const trigger of ['blog_posts_search_insert', 'blog_posts_search_delete', 'blog_posts_search_update']) {
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  await sql`drop table if exists blog_posts_search`.execute(db);
  for (const [table, columns] of Object.entries(SEARCH_TABLES)) {
    const fts = `${table}_fts`;
    const list = columns.join(', ');
    const fresh = columns.map((column) => `new.${column}`).join(', ');
    const old = columns.map((column) => `old.${column}`).join(', ');
    await sql
      .raw(
        `create virtual table ${fts} using fts5(${list}, content='${table}', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2', prefix='2 3')`,
      )
      .execute(db);
    await sql.raw(`insert into ${fts} (${fts}) values ('rebuild')`).execute(db);
    await sql
      .raw(
        `create trigger ${fts}_insert after insert on ${table} begin insert into ${fts} (rowid, ${list}) values (new.rowid, ${fresh}); end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${fts}_delete after delete on ${table} begin insert into ${fts} (${fts}, rowid, ${list}) values ('delete', old.rowid, ${old}); end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${fts}_update after update of ${list} on ${table} begin
          insert into ${fts} (${fts}, rowid, ${list}) values ('delete', old.rowid, ${old});
          insert into ${fts} (rowid, ${list}) values (new.rowid, ${fresh});
        end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of Object.keys(SEARCH_TABLES)) {
    if (postgres) {
      await sql.raw(`drop index if exists ${table}_search_vector`).execute(db);
      continue;
    }
    for (const suffix of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists ${table}_fts_${suffix}`).execute(db);
    await sql.raw(`drop table if exists ${table}_fts`).execute(db);
  }
}
