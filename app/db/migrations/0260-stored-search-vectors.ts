import { type Kysely, PostgresAdapter, sql } from 'kysely';

import { SEARCH_TABLES, searchVectorSql } from './0170-full-text-search.ts';

// This migration's own copy (migrations never change): 0170's letters with accents and the same letters without.
const ACCENTED = 'àáâãäåāçćčèéêëēėęìíîïīñńòóôõöøōùúûüūýÿžźżÀÁÂÃÄÅĀÇĆČÈÉÊËĒĖĘÌÍÎÏĪÑŃÒÓÔÕÖØŌÙÚÛÜŪÝŸŽŹŻ';
const PLAIN = 'aaaaaaaccceeeeeeeiiiiinnooooooouuuuuyyzzzAAAAAAACCCEEEEEEEIIIIINNOOOOOOOUUUUUYYZZZ';

// Migrations are never edited once landed: add a new file instead.
/**
 * PostgreSQL: each searched table's words as a stored generated column, `search_vector` (the expression of migration
 * 0170, title weighted A), with a GIN index on it in place of the index over the expression, and its title's words
 * alone, `search_title`, with a GIN index too (docs/decisions/032-a-big-site.md). A search can then walk a list in
 * its own order, testing each row's stored words, and stop after a bounded number of matches; over the expression,
 * each test recomputed the row's words (milliseconds a post). The title's words are a column of their own because a
 * long article's words are stored apart from its row (TOAST) and read back at a cost (about 0.15 ms a row,
 * measured); a title search walks many more rows than a search of the whole text, and a title's words are small
 * enough to stay in the row. PostgreSQL computes the columns in the writing statement, so the words stay in step
 * with the row. SQLite keeps its FTS5 tables; nothing changes there.
 */
export const SEARCH_VECTOR = 'search_vector';
export const SEARCH_TITLE = 'search_title';

/**
 * The words of 0170's index, title weighted A, accents removed by the same `translate`, but only in text that holds
 * an accented letter: translate compares every character with each of the 82 letters (7 ms for a 15 kB article,
 * measured, twice what finding its words costs), and a regular expression finds out in a pass that most text has
 * none. The words are the same as 0170's.
 */
function storedVectorSql(columns: readonly string[]): string {
  return columns.map((column, index) => `setweight(${storedWordsSql(column)}, '${index === 0 ? 'A' : 'B'}')`).join(' || ');
}

function storedWordsSql(column: string): string {
  const text = `coalesce(${column}, '')`;
  const plain = `case when ${text} ~ '[${ACCENTED}]' then translate(${text}, '${ACCENTED}', '${PLAIN}') else ${text} end`;
  return `to_tsvector('simple'::regconfig, ${plain})`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [table, columns] of Object.entries(SEARCH_TABLES)) {
    await sql
      .raw(`alter table ${table} add column ${SEARCH_VECTOR} tsvector generated always as (${storedVectorSql(columns)}) stored`)
      .execute(db);
    await sql.raw(`create index ${table}_search_words on ${table} using gin (${SEARCH_VECTOR})`).execute(db);
    await sql.raw(`drop index if exists ${table}_search_vector`).execute(db);
    await sql
      .raw(`alter table ${table} add column ${SEARCH_TITLE} tsvector generated always as (${storedWordsSql(columns[0])}) stored`)
      .execute(db);
    await sql.raw(`create index ${table}_search_title on ${table} using gin (${SEARCH_TITLE})`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [table, columns] of Object.entries(SEARCH_TABLES)) {
    await sql.raw(`create index if not exists ${table}_search_vector on ${table} using gin ((${searchVectorSql(columns)}))`).execute(db);
    await sql.raw(`drop index if exists ${table}_search_words`).execute(db);
    await sql.raw(`drop index if exists ${table}_search_title`).execute(db);
    await sql.raw(`alter table ${table} drop column if exists ${SEARCH_VECTOR}`).execute(db);
    await sql.raw(`alter table ${table} drop column if exists ${SEARCH_TITLE}`).execute(db);
  }
}
