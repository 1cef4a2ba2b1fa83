import { AsyncLocalStorage } from 'node:async_hooks';

import type { TimingSnapshot } from '#app/lib/server-timings.ts';

/** What one request has spent so far; only requests Debug Mode measures (an administrator's) carry one. */
interface RequestTimings {
  queries: number;
  queryMs: number;
  cacheHits: number;
  cacheMisses: number;
  renderMs: number | null;
}

const storage = new AsyncLocalStorage<RequestTimings>();

/**
 * Runs `work` with a fresh timing record: the database queries, in-memory cache reads and render
 * it causes (awaited or not) are added to it. Requests not run through this record nothing, so
 * visitors pay only for a missing-store check per query.
 */
export function runWithRequestTimings<T>(work: () => T): T {
  return storage.run({ queries: 0, queryMs: 0, cacheHits: 0, cacheMisses: 0, renderMs: null }, work);
}

/** True while the current request is being measured, i.e. its page may show the timings panel. */
export function requestTimingsActive(): boolean {
  return storage.getStore() !== undefined;
}

/** Called by the database layer after every query (Kysely's log hook). */
export function recordQuery(durationMs: number): void {
  const timings = storage.getStore();
  if (!timings) return;
  timings.queries += 1;
  timings.queryMs += durationMs;
}

/** Called by the in-memory caches of data that changes only on writes (memoUntilWrite). */
export function recordCacheRead(hit: boolean): void {
  const timings = storage.getStore();
  if (!timings) return;
  if (hit) timings.cacheHits += 1;
  else timings.cacheMisses += 1;
}

export function recordRender(durationMs: number): void {
  const timings = storage.getStore();
  if (timings) timings.renderMs = durationMs;
}

/** The figures so far, or null when the request is not measured. */
export function requestTimingSnapshot(): TimingSnapshot | null {
  const timings = storage.getStore();
  return timings ? { ...timings } : null;
}
