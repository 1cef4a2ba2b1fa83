import { type RawBuilder, sql, type SqlBool } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import { nowIso } from '#app/lib/ids.ts';

import type { ContentTable } from './kind.ts';
import { oneRowPerItem } from './translations.server.ts';

/**
 * The status filters above the pages and posts lists, in the order they are shown, written once for every
 * kind. A filter is a condition on the item's own columns, so a new one is one more entry here: the tabs,
 * their counts and the list's filtering all follow.
 */
interface StatusFilter {
  id: string;
  label: string;
  /** Which rows (not in the trash) the filter keeps; null keeps them all. `now` is the request's time. */
  condition(now: string): RawBuilder<SqlBool> | null;
}

export const STATUS_FILTERS: readonly StatusFilter[] = [
  { id: 'all', label: 'All', condition: () => null },
  { id: 'published', label: 'Published', condition: () => sql<SqlBool>`status = 'published'` },
  { id: 'draft', label: 'Draft', condition: () => sql<SqlBool>`status = 'draft'` },
  { id: 'review', label: 'Review', condition: () => sql<SqlBool>`status = 'review'` },
  // Published with a publish date still to come: stored as 'scheduled' until the publishing job makes it live.
  { id: 'scheduled', label: 'Scheduled', condition: () => sql<SqlBool>`status = 'scheduled'` },
];

/** The filter named in the address; anything unknown is "All". */
export function statusFilter(id: string | undefined): StatusFilter {
  return STATUS_FILTERS.find((filter) => filter.id === id) ?? STATUS_FILTERS[0]!;
}

/** One tab above a list: its filter, label and how many items it holds. */
export interface StatusTab {
  id: string;
  label: string;
  count: number;
}

/**
 * How many items (not in the trash) each filter holds, in one pass over the table. `authorId` narrows the
 * count to one author's posts (a contributor sees only their own).
 */
export async function countByStatusFilter(table: ContentTable, options: { authorId?: string } = {}): Promise<StatusTab[]> {
  const now = nowIso();
  const sums = STATUS_FILTERS.map((filter) => {
    const condition = filter.condition(now);
    return condition ? sql<number>`sum(case when ${condition} then 1 else 0 end)`.as(filter.id) : sql<number>`count(*)`.as(filter.id);
  });
  // One item per translation group, as the list shows them (decision 030).
  let query = getDb().selectFrom(table).select(sums).where('status', '<>', 'trash').where(oneRowPerItem(table));
  if (options.authorId !== undefined) query = query.where(sql.ref('author_id'), '=', options.authorId);
  const row = (await query.executeTakeFirstOrThrow()) as Record<string, number | string | null>;
  return STATUS_FILTERS.map((filter) => ({ id: filter.id, label: filter.label, count: Number(row[filter.id] ?? 0) }));
}
