import { type CompiledQuery, type RawBuilder, type SelectQueryBuilder, sql, type SqlBool } from 'kysely';

import { getDb, getDialect } from './client.server.ts';
import { SEARCH_TABLES } from './migrations/0170-full-text-search.ts';
import { SEARCH_TITLE, SEARCH_VECTOR } from './migrations/0260-stored-search-vectors.ts';
import type { Database } from './schema.ts';
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
  /**
   * A bounded search's matches among the list's own rows, when its walks read them all (boundedSearch): the list's
   * count, without reading the rows again.
   */
  count?: number;
  /**
   * A bounded search's matches in its screen's order (title matches first, then the list's own order): a screen is a
   * slice of it (`screenSlice`), so only that screen's rows are read, not every match's to sort them.
   */
  ordered?: string[];
}

/**
 * A full-text search of `table` (docs/decisions/032-a-big-site.md): SQLite's FTS5 table `<table>_fts`, or
 * PostgreSQL's stored `search_vector` column and its GIN index (migration 0260). A term that holds no word (only
 * punctuation, "50%") is looked for as it is written, by a scan (no index holds punctuation).
 */
export function fullTextSearch(table: SearchTable, term: string): FullTextSearch {
  const words = searchWords(term);
  const title = SEARCH_TABLES[table][0];
  const literal = literalMatch(table, term);
  if (!words.length) {
    return { matches: literal, titleHit: sql<number>`(case when ${containsText(`${table}.${title}`, term.trim())} then 1 else 0 end)` };
  }
  const found = indexed(table, title, words);
  // "50% off", "e-mail": the index finds the words, and the text as written is then checked on those rows only.
  return /[^\p{L}\p{N}\s]/u.test(term) ? { ...found, matches: sql<SqlBool>`(${found.matches} and ${literal})` } : found;
}

/** The term as written, in any searched column: a scan, for rows the index already found or for a term with no word. */
function literalMatch(table: SearchTable, term: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.join(
    SEARCH_TABLES[table].map((column) => containsText(`${table}.${column}`, term.trim())),
    sql` or `,
  )})`;
}

function indexed(table: SearchTable, title: string, words: string[]): FullTextSearch {
  if (getDialect() === 'postgres') {
    return {
      matches: vectorMatch(table, words, SEARCH_VECTOR),
      titleHit: sql<number>`(case when ${vectorMatch(table, words, SEARCH_TITLE)} then 1 else 0 end)`,
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

/**
 * PostgreSQL: every word, whole or as a prefix, in the row's stored words (migration 0260): all of them
 * (`search_vector`) or its title's (`search_title`). Words are letters and digits only, so they cannot carry tsquery
 * operators.
 */
function vectorMatch(table: SearchTable, words: string[], column: typeof SEARCH_VECTOR | typeof SEARCH_TITLE): RawBuilder<SqlBool> {
  const query = words.map((word) => `${word}:*`).join(' & ');
  return sql<SqlBool>`${sql.ref(`${table}.${column}`)} @@ to_tsquery('simple'::regconfig, ${query})`;
}

/**
 * A whole row of a searched table (`selectAll`) without PostgreSQL's stored words, all and the title's (migration
 * 0260): the database computes them (an insert that names them fails), and no screen shows them (a long post's words
 * are kilobytes).
 */
export function withoutSearchVector<T extends object>(row: T): T {
  const copy = { ...row } as Record<string, unknown>;
  delete copy[SEARCH_VECTOR];
  delete copy[SEARCH_TITLE];
  return copy as T;
}

/** A select from one searched table with a list's filters (status, language, author…), nothing selected yet. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one helper for the three tables' builders
type Filtered = SelectQueryBuilder<Database, any, object>;

/** SQLite: a search word of this length or more is looked up as itself and its longer words by name (see below). */
const NAMED_FROM = 4;
/** …when it starts at most this many longer words; else the index gathers the prefix's matches itself. */
const MAX_LONGER_WORDS = 32;

/**
 * SQLite: the FTS5 query of `words`, each whole or as the start of a word. A prefix query ("design"*) makes FTS5
 * gather every match of every word it starts before the first row comes out (a million-row list for a common
 * word), so a word of NAMED_FROM letters or more is asked as itself or its longer words, named from the index's
 * vocabulary (`<table>_fts_terms`, migration 0230): an OR of words, which FTS5 walks newest first and stops when
 * the caller has enough. Shorter words use the index's 2- and 3-letter prefix indexes, which walk the same way.
 */
async function ftsQuery(table: SearchTable, words: string[]): Promise<string> {
  const parts = await Promise.all(
    words.map(async (word) => {
      if (word.length < NAMED_FROM) return `"${word}"*`;
      // From just past the word itself (reading the word's own entry would count its every match).
      const rows = await sql<{ term: string }>`select term from ${sql.raw(`${table}_fts_terms`)}
        where term >= ${`${word}\u0001`} and term < ${`${word}\u{10FFFF}`} limit ${MAX_LONGER_WORDS + 1}`.execute(getDb());
      if (rows.rows.length > MAX_LONGER_WORDS) return `"${word}"*`;
      return `(${[word, ...rows.rows.map((row) => row.term)].map((term) => `"${term}"`).join(' OR ')})`;
    }),
  );
  return parts.join(' AND ');
}

/**
 * PostgreSQL: what testing a row's words in a walk costs against finding a match through the GIN index (its row looked
 * up and sorted): long texts' words are read back from TOAST (posts and pages), a media item's are in its row.
 */
const WALK_COST: Record<SearchTable, number> = { blog_posts: 10, pages: 10, media: 0.05 };

/**
 * PostgreSQL: whether the newest `limit` matches are found sooner by walking the list in its order, testing each row's
 * stored words, than by the GIN index and a sort of every match. The planner cannot tell: it counts a test of a
 * long article's words as cheap, but they are read back from TOAST (about 0.15 ms a row, measured), so it walked
 * 1,000 articles for a word in one of them (240 ms) and would walk tens of thousands for a word in 2 % of posts.
 * A walk reads about limit ÷ share rows at 0.15 ms, the index every match at about 0.015 ms (its row looked up and
 * sorted): the walk is worth it when matches² ≥ 10 × limit × rows (a word in 7 % of a million posts, in 22 % of
 * 100,000), by the planner's own estimates (its statistics of the stored words). A media item's words (title,
 * description, alt text) are a few in its row: a walk tests one in about 0.25 µs (3,500 rows in 0.8 ms for "team" in
 * 14 % of 100,000 items, against 57 ms through the index and a sort), so there the factor is WALK_COST's.
 */
async function worthWalking(table: SearchTable, match: RawBuilder<SqlBool>, limit: number): Promise<boolean> {
  const rows = async (query: RawBuilder<unknown>) => {
    const result = await sql<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>`explain (format json) ${query}`.execute(getDb());
    return Number(result.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
  };
  const estimated = WALK_COST[table] >= 1;
  const [all, matches] = await Promise.all([
    rows(sql`select 1 from ${sql.table(table)}`),
    estimated ? rows(sql`select 1 from ${sql.table(table)} where ${match}`) : 0,
  ]);
  // The walk is worth it from this many matches on.
  const enough = Math.ceil(Math.sqrt(WALK_COST[table] * limit * all));
  if (estimated) return matches >= enough;
  // Words in the row: the planner's estimate of a prefix's matches can be far off (2,000 of 100,000 media items for
  // "team", in 14,287; the same for a word in none), and a walk for a word in none reads the whole table (25 ms at
  // 100,000 items). Its matches are counted instead, through the GIN index, up to `enough` (about 1,600 rows read at
  // most, a few milliseconds).
  const counted = await withSettingsOff(
    sql`select count(*) as count from (select 1 from ${sql.table(table)} where ${match} limit ${enough}) as found`.compile(getDb()),
    ['enable_indexscan', 'enable_seqscan'],
  );
  return Number((counted[0] as { count: string | number } | undefined)?.count ?? 0) >= enough;
}

/** PostgreSQL: the rows of `query` with some of the planner's choices switched off for it alone (`set local`, its own transaction). */
async function withSettingsOff(query: CompiledQuery, settings: string[]): Promise<unknown[]> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      // One statement (no parameters: PostgreSQL's simple protocol takes several), one round trip.
      await sql.raw(settings.map((setting) => `set local ${setting} = off`).join('; ')).execute(trx);
      return (await trx.executeQuery(query)).rows;
    });
}

/** A list's order: the expressions its screen is sorted by, each with its direction (PostgreSQL walks it). */
type ListOrder = readonly (readonly [RawBuilder<unknown>, 'asc' | 'desc'])[];

/**
 * A full-text search whose cost does not grow with the number of matches (docs/decisions/032-a-big-site.md): a word
 * found in most of a million posts would otherwise have every match read and ordered before a screen is cut.
 * Reads at most `limit` matches of `filtered` (the list's own filters) in a cheap order, and at most `limit` title
 * matches the same way; the list then orders that bounded set, title matches first. The cheap order: on SQLite, the
 * FTS5 index walked backwards by rowid (newest rows first), each row probed for the filters; on PostgreSQL, the
 * list's own `order`, each row's stored words tested (the title's own for title matches; the planner takes a GIN
 * index and sorts instead when its statistics say the words are rare); on both, the ids are read here once and the
 * list's count and screen take them as lists. With at most `limit` matches the answer is exact; past it, a list shows
 * "limit+" (its count stops there) among the newest matches.
 */
export async function boundedSearch(
  table: SearchTable,
  term: string,
  filtered: Filtered,
  limit: number,
  order: ListOrder,
): Promise<FullTextSearch> {
  const search = fullTextSearch(table, term);
  const words = searchWords(term);
  const id = sql.ref(`${table}.id`);
  if (!words.length) return search;
  if (getDialect() === 'postgres') {
    // Media titles too: the planner walked all 100,000 items for a word in one title (25 ms), by its estimate.
    const [walk, walkTitles] = await Promise.all([
      worthWalking(table, vectorMatch(table, words, SEARCH_VECTOR), limit),
      WALK_COST[table] < 1 ? worthWalking(table, vectorMatch(table, words, SEARCH_TITLE), limit) : null,
    ]);
    const first = (match: RawBuilder<SqlBool>) =>
      order
        .reduce((query, [expression, direction]) => query.orderBy(expression, direction), filtered.where(match).select(id.as('id')))
        .limit(limit);
    // A term with punctuation is also checked as written (search.matches holds that check).
    const literal = /[^\p{L}\p{N}\s]/u.test(term) ? literalMatch(table, term) : sql<SqlBool>`true`;
    const ids = async (match: RawBuilder<SqlBool>, how: 'walk' | 'index' | 'planner') => {
      const found =
        how === 'planner'
          ? await first(match).execute()
          : how === 'walk'
            ? // The list's index walked in its order, each row's words tested, stopped at `limit`: the planner, whose
              // estimate of a prefix's matches can be far too low (2,000 for 14,000 media items), would gather them all
              // through the GIN index and sort them instead.
              await withSettingsOff(first(match).compile(), ['enable_bitmapscan', 'enable_sort'])
            : // The GIN index's matches (an array read first, the words the only condition), then the filters and a
              // sort: walks (index scans, a sequential scan) switched off for this one query, which the planner would
              // otherwise choose, testing every row's words (see worthWalking).
              await withSettingsOff(first(sql<SqlBool>`${id} = any(array(select id from ${sql.table(table)} where ${match}))`).compile(), [
                'enable_indexscan',
                'enable_seqscan',
              ]);
      return (found as { id: string }[]).map((row) => row.id);
    };
    // Read once here, not in each of the list's queries (its count and its screen): the ids then go in as arrays,
    // looked up in the primary key (`id in (…) or id in (…)` had every row of the table probed).
    const [all, titles] = await Promise.all([
      ids(search.matches, walk ? 'walk' : 'index'),
      // A post's or page's title words are in its row: walking them is cheap, and the planner's choice is sound.
      ids(
        sql<SqlBool>`(${vectorMatch(table, words, SEARCH_TITLE)} and ${literal})`,
        walkTitles === null ? 'planner' : walkTitles ? 'walk' : 'index',
      ),
    ]);
    const found = [...new Set([...all, ...titles])];
    // Both came in the list's order: title matches first, then the others, is the screen's order.
    const titled = new Set(titles);
    return {
      matches: sql<SqlBool>`${id} = any(${found}::text[])`,
      titleHit: sql<number>`(case when ${id} = any(${titles}::text[]) then 1 else 0 end)`,
      count: found.length,
      ordered: [...titles, ...all.filter((match) => !titled.has(match))],
    };
  }
  const fts = sql.raw(`${table}_fts`);
  const query = await ftsQuery(table, words);
  const literal = /[^\p{L}\p{N}\s]/u.test(term) ? literalMatch(table, term) : null;
  const newest = (match: string) => {
    let candidates = filtered
      .innerJoin(sql`${fts}`.as('fts'), (join) => join.on(sql<SqlBool>`fts.rowid = ${sql.raw(`${table}.rowid`)}`))
      .where(sql<SqlBool>`fts.${fts} match ${match}`);
    if (literal) candidates = candidates.where(literal);
    return candidates
      .select(id.as('id'))
      .select(order.map(([expression], index) => expression.as(`key${index}`)))
      .orderBy(sql`fts.rowid`, 'desc')
      .limit(limit);
  };
  // Read once here, as on PostgreSQL: as subqueries, the list's count and its screen walked the index again (five
  // walks a search), and the screen's OR of two subqueries read every candidate row before its sort.
  const [all, titles] = await Promise.all([newest(query).execute(), newest(`${SEARCH_TABLES[table][0]} : (${query})`).execute()]);
  const ids = (rows: unknown[]) => (rows as { id: string }[]).map((row) => row.id);
  const found = [...new Set([...ids(all), ...ids(titles)])];
  return {
    matches: inList(id, found),
    titleHit: sql<number>`(case when ${inList(id, ids(titles))} then 1 else 0 end)`,
    count: found.length,
    ordered: inScreenOrder(all as Keyed[], titles as Keyed[], order),
  };
}

/** A walk's row: its id and the list's order's values (`key0`, `key1`…). */
type Keyed = { id: string } & Record<string, unknown>;

/**
 * SQLite: the walks' rows (found in the index's rowid order) in the screen's order: title matches first, then the
 * list's order, compared as SQLite compares them (its values here are dates, ids and numbers; text by its bytes, which
 * for these ASCII values is JavaScript's order; null first).
 */
function inScreenOrder(all: Keyed[], titles: Keyed[], order: ListOrder): string[] {
  const titled = new Set(titles.map((row) => row.id));
  const rows = [...new Map([...titles, ...all].map((row) => [row.id, row])).values()];
  const compare = (a: Keyed, b: Keyed) => {
    const title = Number(titled.has(b.id)) - Number(titled.has(a.id));
    if (title) return title;
    for (const [index, [, direction]] of order.entries()) {
      const x = a[`key${index}`] as string | number | null;
      const y = b[`key${index}`] as string | number | null;
      if (x === y) continue;
      const less = x === null || (y !== null && x < y);
      return (less ? -1 : 1) * (direction === 'desc' ? -1 : 1);
    }
    return 0;
  };
  return rows.sort(compare).map((row) => row.id);
}

/**
 * What a list narrows its rows by for `search`: its matches, or nothing when the search put them in order, as its
 * count and its screen (`screenSlice`) then come from them and the matches are not asked again (PostgreSQL took the
 * thousand ids' array for the screen's index scan).
 */
export function listCondition(search: FullTextSearch | null): RawBuilder<SqlBool> | null {
  return search && !search.ordered ? search.matches : null;
}

/**
 * The rows of a bounded search's screen from `offset` (at most `limit`), as a condition on `table`'s id, for the list
 * to read only them (with its own order, `offset` 0); null when the search has no order of its own (a term with no
 * word), and the list reads its screen as usual.
 */
export function screenSlice(table: SearchTable, search: FullTextSearch | null, offset: number, limit: number): RawBuilder<SqlBool> | null {
  if (!search?.ordered) return null;
  const slice = search.ordered.slice(offset, offset + limit);
  const id = sql.ref(`${table}.id`);
  return getDialect() === 'postgres' ? sql<SqlBool>`${id} = any(${slice}::text[])` : inList(id, slice);
}

/** `column in (…values)`, false for no value. */
function inList(column: RawBuilder<unknown>, values: string[]): RawBuilder<SqlBool> {
  return values.length ? sql<SqlBool>`${column} in (${sql.join(values)})` : sql<SqlBool>`(1 = 0)`;
}
