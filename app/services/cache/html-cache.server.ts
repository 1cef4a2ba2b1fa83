/**
 * The in-memory cache of anonymous public HTML (see docs/decisions/003-public-site-speed.md).
 * Entries hold nonce-free HTML, its script-hash CSP and pre-compressed copies.
 * Any content write must call invalidatePublicCache(); entries also expire after
 * HTML_CACHE_TTL_MS so counters that are not editorial (post views) stay fresh enough.
 */
export interface CachedPage {
  status: number;
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  contentType: string;
  /** Content-Security-Policy allowing exactly this page's inline scripts by hash; '' when not HTML. */
  csp: string;
  storedAt: number;
}

export const HTML_CACHE_TTL_MS = 60_000;
export const HTML_CACHE_MAX_ENTRIES = 500;

interface CacheState {
  entries: Map<string, CachedPage>;
  generation: number;
  hits: number;
  misses: number;
}

// On globalThis so the Express server and the app's route modules share one cache, also under Vite's dev server.
const holder = globalThis as typeof globalThis & { __atelierHtmlCache?: CacheState };
const state: CacheState = (holder.__atelierHtmlCache ??= { entries: new Map(), generation: 0, hits: 0, misses: 0 });

/** Drops every cached public page. Call after any write that can change what visitors see. */
export function invalidatePublicCache(): void {
  state.entries.clear();
  state.generation++;
}

/** Changes on each invalidation; a page rendered under an older generation is not stored. */
export function cacheGeneration(): number {
  return state.generation;
}

export function readCachedPage(key: string, now = Date.now()): CachedPage | undefined {
  const entry = state.entries.get(key);
  if (!entry || now - entry.storedAt > HTML_CACHE_TTL_MS) {
    if (entry) state.entries.delete(key);
    state.misses++;
    return undefined;
  }
  // Re-insert: the Map's order is then least recently used first.
  state.entries.delete(key);
  state.entries.set(key, entry);
  state.hits++;
  return entry;
}

export function storeCachedPage(key: string, page: CachedPage, renderedUnder: number): boolean {
  if (renderedUnder !== state.generation) return false;
  state.entries.set(key, page);
  while (state.entries.size > HTML_CACHE_MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value!);
  return true;
}

export function htmlCacheStats() {
  return { entries: state.entries.size, generation: state.generation, hits: state.hits, misses: state.misses };
}
