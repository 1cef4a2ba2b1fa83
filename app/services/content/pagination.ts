/** Rows per list screen. */
export const PAGE_SIZE = 20;

export interface Paginated<T> {
  items: T[];
  total: number;
  page: number;
  pageCount: number;
}

export function pageCountFor(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
