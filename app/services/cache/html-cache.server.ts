/**
 * The invalidation bus of everything visitors see (see docs/decisions/003-public-site-speed.md and
 * 022-public-delivery.md): the public pages kept in memory (server/public/page-store.ts) and the
 * in-memory copies of public data (memo-until-write.server.ts) register here, and any write that can
 * change what visitors see calls invalidatePublicCache(), which clears them all, in every worker.
 * Held data also expires after the Cache TTL (Settings → Advanced), so counters that are not
 * editorial (post views) stay fresh enough.
 */

/** How long cached public data lives until Settings → Advanced → Cache TTL is read (and in processes that never read it). */
export const HTML_CACHE_TTL_MS = 60_000;

interface BusState {
  /** What to drop on each invalidation: the stored pages, in-memory copies of public data (site shell, settings…). */
  clearers: Set<() => void>;
  /** Tells the other worker processes (see server/cluster-sync.ts) of `shared`; resolves once they have cleared. */
  broadcast: ((shared?: number) => Promise<void>) | null;
  /** This process's own count of clears: a render that started under an older one is not stored. */
  generation: number;
  /** The newest shared generation (table cache_generations, decision 031) this process's caches are no older than. */
  shared: number;
  /** Settings → Advanced → Cache TTL, in milliseconds. */
  ttlMs?: number;
}

// On globalThis so the server and the app's route modules share one bus, also under Vite's dev server
// and when tests load the built server beside the sources.
const holder = globalThis as typeof globalThis & { __atelierPublicCacheBus?: BusState };
const state: BusState = (holder.__atelierPublicCacheBus ??= { clearers: new Set(), broadcast: null, generation: 0, shared: 0 });

/** Drops this process's cached pages and in-memory public data. */
export function clearLocalPublicCache(): void {
  state.generation++;
  for (const clear of state.clearers) clear();
}

/**
 * Drops every cached public page, in this process and in the other workers of this machine. Call after any write
 * that can change what visitors see, with the shared generation it bumped (`shared`); the promise settles once every
 * worker has dropped its copy (at once with one process), so a write can answer only when no worker of this
 * instance can serve the old page. Other instances catch up through the shared generation (catchUpPublicCache).
 */
export function invalidatePublicCache(shared?: number): Promise<void> {
  if (shared !== undefined) state.shared = Math.max(state.shared, shared);
  clearLocalPublicCache();
  return state.broadcast ? state.broadcast(shared) : Promise.resolve();
}

/**
 * Another process's write bumped the shared generation to `shared` (told by NOTIFY, polling or a sibling worker):
 * drops this process's cached pages unless they are already no older. Answers whether it dropped them.
 */
export function catchUpPublicCache(shared: number): boolean {
  if (shared <= state.shared) return false;
  state.shared = shared;
  clearLocalPublicCache();
  return true;
}

/** Registers an in-memory copy of public data (or the page store) to drop whenever the public pages are. */
export function onPublicCacheCleared(clear: () => void): void {
  state.clearers.add(clear);
}

/** Installs how invalidations reach the other worker processes (none with one process). */
export function setPublicCacheBroadcast(broadcast: ((shared?: number) => Promise<void>) | null): void {
  state.broadcast = broadcast;
}

/** Changes on each invalidation; a page rendered under an older generation is not stored. */
export function cacheGeneration(): number {
  return state.generation;
}

/** How long public data is kept here and, as s-maxage, in shared caches (Settings → Advanced → Cache TTL). */
export function htmlCacheTtlMs(): number {
  return state.ttlMs ?? HTML_CACHE_TTL_MS;
}

export function setHtmlCacheTtl(seconds: number): void {
  state.ttlMs = Math.max(1, Math.round(seconds)) * 1000;
}
