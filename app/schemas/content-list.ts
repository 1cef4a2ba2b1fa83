import { z } from 'zod';

/** The list and trash screens' search, page number and category filter, read from the URL; bad values fall back. */
export const contentListQuerySchema = z.object({
  q: z.string().trim().max(200).catch(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  category: z.array(z.string().max(100)).max(20).catch([]),
  /** A status filter's id (services/content/status-filters); an unknown one shows everything. */
  status: z.string().max(20).catch('all'),
  /** "Missing in French": a language code keeps the items without a live translation in it (decision 030). */
  missing: z.string().max(10).catch(''),
});

export type ContentListQuery = z.infer<typeof contentListQuerySchema>;

export function readListQuery(url: URL): ContentListQuery {
  return contentListQuerySchema.parse({
    q: url.searchParams.get('q') ?? '',
    page: url.searchParams.get('page') ?? 1,
    category: url.searchParams.getAll('category').filter(Boolean),
    status: url.searchParams.get('status') ?? 'all',
    missing: url.searchParams.get('missing') ?? '',
  });
}

/** Row actions on the lists: move to trash, restore, delete for good. */
export const rowActionSchema = z.object({
  intent: z.enum(['trash', 'restore', 'delete']),
  id: z.string().min(1).max(100),
});

/** The bulk actions: the list's on its checked rows, the trash's on its own. */
export const LIST_BULK_INTENTS = ['bulk-trash', 'bulk-publish', 'bulk-draft'] as const;
export const TRASH_BULK_INTENTS = ['bulk-restore', 'bulk-delete'] as const;

/** A bulk action on the checked rows (at most a few screens of them). */
export const bulkActionSchema = z.object({
  intent: z.enum([...LIST_BULK_INTENTS, ...TRASH_BULK_INTENTS]),
  ids: z.array(z.string().min(1).max(100)).min(1, 'Select at least one item.').max(100),
});

export type BulkIntent = z.infer<typeof bulkActionSchema>['intent'];
