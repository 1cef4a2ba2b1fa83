import { type Kysely, PostgresAdapter, sql } from 'kysely';

import { SEARCH_TABLES } from './0170-full-text-search.ts';

// Migrations are never edited once landed: add a new file instead.
/**
 * SQLite: a read-only view of each full-text index's words (`<table>_fts_terms`, FTS5's fts5vocab), so that a
 * prefix search can name the longer words that start with a search word and the index can walk them newest first
 * instead of gathering every match of the prefix (docs/decisions/032-a-big-site.md). No storage; PostgreSQL's GIN
 * index needs nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const table of Object.keys(SEARCH_TABLES)) {
    await sql.raw(`create virtual table ${table}_fts_terms using fts5vocab(${table}_fts, row)`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const table of Object.keys(SEARCH_TABLES)) await sql.raw(`drop table if exists ${table}_fts_terms`).execute(db);
}
