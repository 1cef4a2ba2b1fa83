/**
 * Every status a page or post can have, in the order lists show them, with its label: the one list the lists'
 * status filters (and their counts) are derived from. `scheduled` is stored for an item saved as published with a
 * future publish date, until the publishing job makes it `published` (docs/product.md, "Scheduled publishing").
 */
export const CONTENT_STATUSES = [
  { value: 'published', label: 'Published', kinds: ['page', 'post'] },
  { value: 'scheduled', label: 'Scheduled', kinds: ['page', 'post'] },
  { value: 'draft', label: 'Draft', kinds: ['page', 'post'] },
  { value: 'review', label: 'Review', kinds: ['post'] },
] as const;

/** The status stored for a save: published with a publish date still to come is scheduled. */
export function storedStatus(status: string, publishDate: string | null, now: string): string {
  return status === 'published' && publishDate !== null && publishDate > now ? 'scheduled' : status;
}
