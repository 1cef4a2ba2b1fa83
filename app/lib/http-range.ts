/** A byte range, both ends included (as in HTTP). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a Range header against a file of `size` bytes: a single range
 * ("bytes=0-99", "bytes=100-", "bytes=-500"). Returns null when absent or not
 * understood (serve the whole file), 'unsatisfiable' when it lies outside.
 * Several ranges at once are answered with the whole file, as HTTP allows.
 */
export function parseRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
