/** One screen of a list: the one shape of every paginated list (admin lists, the media library, the public blog). */
export interface Paginated<T> {
  items: T[];
  /** The number of matches, at most the list's cap when it has one (admin lists stop counting at COUNT_CAP). */
  total: number;
  /** True when there are more matches than the cap. */
  more: boolean;
  /** The screen shown, 1..pageCount. */
  page: number;
  pageCount: number;
}

/** Screen `page` of `total` items, `pageSize` a screen: the page clamped to 1..pageCount, and the offset of its first row. */
export function pageOf(total: number, page: number, pageSize: number): { page: number; pageCount: number; offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const clamped = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  return { page: clamped, pageCount, offset: (clamped - 1) * pageSize };
}
