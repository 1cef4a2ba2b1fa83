import cluster from 'node:cluster';

import {
  catchUpPublicCache,
  clearLocalPublicCache,
  type PublicScope,
  setPublicCacheBroadcast,
} from '#app/services/cache/html-cache.server.ts';

/**
 * Messages between workers and the primary (server/start.js relays them):
 *   worker → primary  { atelier: 'invalidate', id, shared, scope }  a write (of shared generation `shared`, changing
 *                     `scope`) cleared this worker's cache
 *   primary → others  { atelier: 'invalidate', id, shared, scope }  clear yours
 *   other → primary   { atelier: 'invalidated', id }         done
 *   primary → writer  { atelier: 'invalidated-all', id }     every worker has cleared
 */
export interface ClusterMessage {
  atelier: 'invalidate' | 'invalidated' | 'invalidated-all';
  id: string;
  /** The shared generation the write bumped (decision 031), so a sibling does not clear again when NOTIFY tells it. */
  shared?: number;
  /** What the write changed (none: everything). */
  scope?: PublicScope;
}

/** A worker that hears nothing back (primary gone, a sibling stuck) stops waiting after this. */
const ACK_TIMEOUT_MS = 2_000;

function isClusterMessage(message: unknown): message is ClusterMessage {
  return typeof message === 'object' && message !== null && 'atelier' in message && 'id' in message;
}

/**
 * In a cluster worker (WEB_CONCURRENCY > 1): every invalidation made here is broadcast through the
 * primary, and the write that caused it waits until every sibling has cleared its cache, so no
 * worker can serve the old page once the write has answered. Invalidations from siblings clear
 * this worker's cache (pages and in-memory public data). Does nothing in a single process.
 */
export function syncPublicCacheAcrossWorkers(): void {
  if (!cluster.isWorker || !process.send) return;
  const pending = new Map<string, () => void>();
  let counter = 0;
  process.on('message', (message: unknown) => {
    if (!isClusterMessage(message)) return;
    if (message.atelier === 'invalidate') {
      if (message.shared === undefined) clearLocalPublicCache();
      else catchUpPublicCache(message.shared, message.scope);
      process.send!({ atelier: 'invalidated', id: message.id } satisfies ClusterMessage);
    } else if (message.atelier === 'invalidated-all') {
      pending.get(message.id)?.();
    }
  });
  setPublicCacheBroadcast(
    (shared, scope) =>
      new Promise<void>((resolve) => {
        const id = `${process.pid}-${++counter}`;
        const done = () => {
          clearTimeout(timer);
          pending.delete(id);
          resolve();
        };
        const timer = setTimeout(done, ACK_TIMEOUT_MS);
        pending.set(id, done);
        process.send!({ atelier: 'invalidate', id, shared, scope } satisfies ClusterMessage);
      }),
  );
}
