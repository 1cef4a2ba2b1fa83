import { type SelectQueryBuilder, sql } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { pageOf, type Paginated } from '#app/lib/paginated.ts';

/** Rows per list screen. */
export const PAGE_SIZE = 20;

/**
 * Counting stops here: past it the list says "10000+" instead of reading every match, so a
 * search or a filter that matches most of 50,000 posts costs no more than one that matches few.
 */
export const COUNT_CAP = 10_000;
/** The same for a searched or filtered list: past 500 matches, refining the search beats paging. */
export const FILTERED_COUNT_CAP = 500;

/** Counts the rows of `query`, reading at most `limit` of them. */
export async function countUpTo<TB extends keyof Database>(
  query: SelectQueryBuilder<Database, TB, { one: number }>,
  limit: number,
): Promise<number> {
  const row = await getDb()
    .selectFrom(query.limit(limit).as('matches'))
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * One screen of a list: counts the matches of `countQuery` up to `cap` (unless `total` already says how many, as a
 * bounded search does), clamps the page number, then reads that screen of `itemsQuery` (already selected and ordered).
 */
export async function listScreen<TB extends keyof Database, Row>(options: {
  countQuery: SelectQueryBuilder<Database, TB, object>;
  itemsQuery: { limit(n: number): { offset(n: number): { execute(): Promise<Row[]> } } };
  page: number;
  cap: number;
  total?: number;
}): Promise<Paginated<Row>> {
  const total = options.total ?? (await countUpTo(options.countQuery.select(sql<number>`1`.as('one')), options.cap + 1));
  const { page, pageCount, offset } = pageOf(Math.min(total, options.cap), options.page, PAGE_SIZE);
  const items = await options.itemsQuery.limit(PAGE_SIZE).offset(offset).execute();
  return { items, total: Math.min(total, options.cap), more: total > options.cap, page, pageCount };
}
