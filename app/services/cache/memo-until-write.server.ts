import { recordCacheRead } from '#app/services/debug/request-timings.server.ts';

import { htmlCacheTtlMs, onPublicCacheCleared } from './html-cache.server.ts';

interface Entry<T> {
  value: Promise<T>;
  storedAt: number;
}

/**
 * An in-memory copy of data that changes only on writes visitors can see (site shell, active theme,
 * landing content): read once, then served from memory until the next such write clears the public
 * page cache (in every worker, see server/cluster-sync.ts), or for as long as a cached page lives,
 * so data written behind the app's back (SQL, another process) appears as soon as it would in a page.
 * `key` tells apart the variants of one kind (a language); keep the number of keys small, or bound it with `maxKeys`
 * (an archive's count per category or tag, which a crawler may walk by the thousand): past it, the least recently read
 * key is dropped first.
 */
export function memoUntilWrite<T, K extends string = ''>(
  load: (key: K) => Promise<T>,
  options: { maxKeys?: number } = {},
): (key?: K) => Promise<T> {
  const maxKeys = options.maxKeys ?? Infinity;
  let entries = new Map<K, Entry<T>>();
  // A fresh map rather than clear(): a load still running from before the write lands in the old one.
  onPublicCacheCleared(() => (entries = new Map()));
  return (key = '' as K) => {
    const now = Date.now();
    const entry = entries.get(key);
    const fresh = !!entry && now - entry.storedAt <= htmlCacheTtlMs();
    recordCacheRead(fresh);
    const table = entries;
    if (entry && fresh) {
      if (maxKeys !== Infinity) {
        // Read last: the Map's order is then least recently read first.
        table.delete(key);
        table.set(key, entry);
      }
      return entry.value;
    }
    const value = load(key);
    table.delete(key);
    if (table.size >= maxKeys) table.delete(table.keys().next().value as K);
    table.set(key, { value, storedAt: now });
    // A failed read is not remembered: the next request tries again.
    value.catch(() => table.get(key)?.value === value && table.delete(key));
    return value;
  };
}
