import { z } from 'zod';

/** The list and trash screens' search, page number and category filter, read from the URL; bad values fall back. */
export const contentListQuerySchema = z.object({
  q: z.string().trim().max(200).catch(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  category: z.array(z.string().max(100)).max(20).catch([]),
});

export type ContentListQuery = z.infer<typeof contentListQuerySchema>;

export function readListQuery(url: URL): ContentListQuery {
  return contentListQuerySchema.parse({
    q: url.searchParams.get('q') ?? '',
    page: url.searchParams.get('page') ?? 1,
    category: url.searchParams.getAll('category').filter(Boolean),
  });
}

/** Row actions on the lists: move to trash, restore, delete for good. */
export const rowActionSchema = z.object({
  intent: z.enum(['trash', 'restore', 'delete']),
  id: z.string().min(1).max(100),
});
