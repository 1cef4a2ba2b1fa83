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

/** How long a cached page lives until Settings → Advanced → Cache TTL is read (and in processes that never read it). */
export const HTML_CACHE_TTL_MS = 60_000;
/** The default bound on the bytes the cache holds (HTML_CACHE_MAX_BYTES). */
export const HTML_CACHE_DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

interface CacheState {
  entries: Map<string, CachedPage>;
  /** Other in-memory copies of public data (site shell, settings…), cleared with the pages. */
  clearers: Set<() => void>;
  /** Tells the other worker processes (see server/cluster-sync.ts); resolves once they have cleared. */
  broadcast: (() => Promise<void>) | null;
  bytes: number;
  maxBytes: number;
  generation: number;
  hits: number;
  misses: number;
  /** Settings → Advanced → Cache TTL, in milliseconds. */
  ttlMs?: number;
}

// On globalThis so the Express server and the app's route modules share one cache, also under Vite's dev server.
const holder = globalThis as typeof globalThis & { __atelierHtmlCache?: CacheState };
const state: CacheState = (holder.__atelierHtmlCache ??= {
  entries: new Map(),
  clearers: new Set(),
  broadcast: null,
  bytes: 0,
  maxBytes: HTML_CACHE_DEFAULT_MAX_BYTES,
  generation: 0,
  hits: 0,
  misses: 0,
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

/** Drops this process's cached pages and in-memory public data. */
export function clearLocalPublicCache(): void {
  state.entries.clear();
  state.bytes = 0;
  state.generation++;
  for (const clear of state.clearers) clear();
}

/**
 * Drops every cached public page, in this process and in the other workers. Call after any write
 * that can change what visitors see; the promise settles once every worker has dropped its copy
 * (at once with one process), so a write can answer only when no worker can serve the old page.
 */
export function invalidatePublicCache(): Promise<void> {
  clearLocalPublicCache();
  return state.broadcast ? state.broadcast() : Promise.resolve();
}

/** Registers an in-memory copy of public data to drop whenever the public pages are. */
export function onPublicCacheCleared(clear: () => void): void {
  state.clearers.add(clear);
}

/** Installs how invalidations reach the other worker processes (none with one process). */
export function setPublicCacheBroadcast(broadcast: (() => Promise<void>) | null): void {
  state.broadcast = broadcast;
}

/** Changes on each invalidation; a page rendered under an older generation is not stored. */
export function cacheGeneration(): number {
  return state.generation;
}

/** How long a public page is kept here and, as s-maxage, in shared caches (Settings → Advanced → Cache TTL). */
export function htmlCacheTtlMs(): number {
  return state.ttlMs ?? HTML_CACHE_TTL_MS;
}

export function setHtmlCacheTtl(seconds: number): void {
  state.ttlMs = Math.max(1, Math.round(seconds)) * 1000;
}

/** Browsers revalidate every time (cheap 304s by ETag); shared caches keep a page for the Cache TTL. */
export function publicCacheControl(): string {
  return `public, max-age=0, s-maxage=${Math.round(htmlCacheTtlMs() / 1000)}, stale-while-revalidate=60`;
}

export function readCachedPage(key: string, now = Date.now()): CachedPage | undefined {
  const entry = state.entries.get(key);
  if (!entry || now - entry.storedAt > htmlCacheTtlMs()) {
    if (entry) remove(key);
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
  const size = cachedPageBytes(key, page);
  if (size > state.maxBytes) return false;
  remove(key);
  evictToFit(size);
  state.entries.set(key, page);
  state.bytes += size;
  return true;
}

export function htmlCacheStats() {
  return {
    entries: state.entries.size,
    bytes: state.bytes,
    maxBytes: state.maxBytes,
    generation: state.generation,
    hits: state.hits,
    misses: state.misses,
  };
}
