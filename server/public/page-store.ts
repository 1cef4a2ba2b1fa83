/**
 * The page store: anonymous public answers kept in memory (see docs/decisions/003-public-site-speed.md
 * and 022-public-delivery.md). Entries hold nonce-free HTML, its script-hash CSP, pre-compressed copies
 * and the prepared header blocks a hit writes; bounded by bytes (least recently used first), dropped
 * by the invalidation bus (app/services/cache/html-cache.server.ts) for what a write changed, and stale after the
 * Cache TTL (served while one render refreshes it, server/public/delivery.ts, for as long again at most).
 */
import { cacheGeneration, htmlCacheTtlMs, onPublicCacheCleared, scopeCovers, stillCurrent } from '#app/services/cache/html-cache.server.ts';

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
  /**
   * The whole header block of each answer this entry can give, built once when it is stored (the
   * server's security headers included), so a hit writes a prepared list instead of building one.
   * Flat [name, value, name, value, …] arrays, as node:http's writeHead takes them.
   */
  wire?: CachedPageWire;
}

export interface CachedPageWire {
  identity: string[];
  gzip: string[];
  br: string[];
  notModified: string[];
}

/** The default bound on the bytes the store holds (HTML_CACHE_MAX_BYTES). */
export const HTML_CACHE_DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

interface StoreState {
  entries: Map<string, CachedPage>;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  /** Pages stored (each one render): many visitors asking for one key at once still make one. */
  stores?: number;
}

// On globalThis, like the bus: tests that load the built server beside the sources read the one store.
const holder = globalThis as typeof globalThis & { __atelierPageStore?: StoreState };
const state: StoreState = (holder.__atelierPageStore ??= {
  entries: new Map(),
  bytes: 0,
  maxBytes: HTML_CACHE_DEFAULT_MAX_BYTES,
  hits: 0,
  misses: 0,
});

onPublicCacheCleared((scope) => {
  if (!scope) {
    state.entries.clear();
    state.bytes = 0;
    return;
  }
  for (const key of [...state.entries.keys()]) if (scopeCovers(scope, key)) remove(key);
});

/** What one entry costs: its key, the page and its compressed copies. */
export function cachedPageBytes(key: string, page: CachedPage): number {
  return key.length + page.body.length + page.gzip.length + page.br.length + page.csp.length + page.etag.length;
}

/** Sets the bound on the total bytes held (HTML_CACHE_MAX_BYTES); least recently used entries go first. */
export function configureHtmlCache({ maxBytes }: { maxBytes: number }): void {
  state.maxBytes = maxBytes;
  evictToFit(0);
}

function remove(key: string): void {
  const entry = state.entries.get(key);
  if (!entry) return;
  state.entries.delete(key);
  state.bytes -= cachedPageBytes(key, entry);
}

function evictToFit(incoming: number): void {
  for (const key of state.entries.keys()) {
    if (state.bytes + incoming <= state.maxBytes) return;
    remove(key);
  }
}

export function readCachedPage(key: string, now = Date.now()): CachedPage | undefined {
  const entry = state.entries.get(key);
  if (!entry || now - entry.storedAt > htmlCacheTtlMs()) {
    // Kept as stale for as long again (readStalePage); no write has changed it, or it would be gone.
    if (entry && now - entry.storedAt > 2 * htmlCacheTtlMs()) remove(key);
    state.misses++;
    return undefined;
  }
  // Re-insert: the Map's order is then least recently used first.
  state.entries.delete(key);
  state.entries.set(key, entry);
  state.hits++;
  return entry;
}

/**
 * A page past the Cache TTL that no write has changed since it was stored (a write drops the pages it changes), for
 * at most the Cache TTL again: served while one render refreshes it.
 */
export function readStalePage(key: string, now = Date.now()): CachedPage | undefined {
  const entry = state.entries.get(key);
  return entry && now - entry.storedAt <= 2 * htmlCacheTtlMs() ? entry : undefined;
}

/** Stores `page` unless an invalidation that covers `key` came after `renderedUnder` (cacheGeneration() when its render started). */
export function storeCachedPage(key: string, page: CachedPage, renderedUnder: number): boolean {
  if (!stillCurrent(key, renderedUnder)) return false;
  const size = cachedPageBytes(key, page);
  if (size > state.maxBytes) return false;
  remove(key);
  evictToFit(size);
  state.entries.set(key, page);
  state.bytes += size;
  state.stores = (state.stores ?? 0) + 1;
  return true;
}

export function htmlCacheStats() {
  return {
    entries: state.entries.size,
    bytes: state.bytes,
    maxBytes: state.maxBytes,
    generation: cacheGeneration(),
    hits: state.hits,
    misses: state.misses,
    stores: state.stores ?? 0,
  };
}
