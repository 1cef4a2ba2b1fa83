import { type RawBuilder, sql, type SqlBool } from 'kysely';

import { getDialect } from './client.server.ts';
import { SEARCH_TABLES, searchVectorSql, wordsSql } from './migrations/0170-full-text-search.ts';
import { containsText } from './text-search.ts';

type SearchTable = keyof typeof SEARCH_TABLES;

/** Words past this many are ignored: a search is a few words, not a paragraph. */
const MAX_WORDS = 8;

/** The words of a search, lower-cased, accents removed: runs of letters and digits (anything else separates words). */
function searchWords(term: string): string[] {
  const plain = term.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  return (plain.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

export interface FullTextSearch {
  /** The row holds every word, each as a whole word or the start of one, in any searched column. */
  matches: RawBuilder<SqlBool>;
  /** 1 when the title alone holds every word, else 0: ordered by it, descending, title matches come first. */
  titleHit: RawBuilder<number>;
}

/**
 * A full-text search of `table` (docs/decisions/032-a-big-site.md): SQLite's FTS5 table `<table>_fts`, or
 * PostgreSQL's GIN index over the `search_vector` expression of migration 0170. A term that holds no word (only
 * punctuation, "50%") is looked for as it is written, by a scan (no index holds punctuation).
 */
export function fullTextSearch(table: SearchTable, term: string): FullTextSearch {
  const words = searchWords(term);
  const columns = SEARCH_TABLES[table];
  const title = columns[0];
  const literal = sql<SqlBool>`(${sql.join(
    columns.map((column) => containsText(`${table}.${column}`, term.trim())),
    sql` or `,
  )})`;
  if (!words.length) {
    return { matches: literal, titleHit: sql<number>`(case when ${containsText(`${table}.${title}`, term.trim())} then 1 else 0 end)` };
  }
  const found = indexed(table, title, columns, words);
  // "50% off", "e-mail": the index finds the words, and the text as written is then checked on those rows only.
  return /[^\p{L}\p{N}\s]/u.test(term) ? { ...found, matches: sql<SqlBool>`(${found.matches} and ${literal})` } : found;
}

function indexed(table: SearchTable, title: string, columns: readonly string[], words: string[]): FullTextSearch {
  if (getDialect() === 'postgres') {
    // Words are letters and digits only, so they cannot carry tsquery operators.
    const query = words.map((word) => `${word}:*`).join(' & ');
    return {
      matches: sql<SqlBool>`(${sql.raw(searchVectorSql(columns))}) @@ to_tsquery('simple'::regconfig, ${query})`,
      titleHit: sql<number>`(case when ${sql.raw(wordsSql(title))} @@ to_tsquery('simple'::regconfig, ${query}) then 1 else 0 end)`,
    };
  }
  const fts = sql.raw(`${table}_fts`);
  const rowid = sql.raw(`${table}.rowid`);
  const query = words.map((word) => `"${word}"*`).join(' ');
  return {
    matches: sql<SqlBool>`${rowid} in (select rowid from ${fts} where ${fts} match ${query})`,
    titleHit: sql<number>`(case when ${rowid} in (select rowid from ${fts} where ${fts} match ${`${title} : (${query})`}) then 1 else 0 end)`,
  };
}
