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

/**
 * What a write changed, when it is cheap to say (decision 031, "Narrow invalidation"): `articles` are the slugs of
 * the articles whose own pages changed; every page that is not an article (the home page, the blog list, the feeds,
 * the sitemap, static pages) is dropped with them, and the other articles' pages stay. No scope means everything.
 */
export interface PublicScope {
  articles: string[];
}

/** One local invalidation: a page rendered before it is not stored if the invalidation covered its key. */
interface Invalidation {
  generation: number;
  scope?: PublicScope;
}
/** How many recent invalidations a render's check can see; a render older than all of them is not stored. */
const RECENT_INVALIDATIONS = 64;

interface BusState {
  /** What to drop on each invalidation (with its scope): the stored pages, in-memory copies of public data (site shell, settings…). */
  clearers: Set<(scope?: PublicScope) => void>;
  /** Tells the other worker processes (see server/cluster-sync.ts) of `shared`; resolves once they have cleared. */
  broadcast: ((shared?: number, scope?: PublicScope) => Promise<void>) | null;
  /** The latest local invalidations, oldest first. */
  recent?: Invalidation[];
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

/** Drops this process's cached pages and in-memory public data (those of `scope` alone when given). */
export function clearLocalPublicCache(scope?: PublicScope): void {
  state.generation++;
  const recent = (state.recent ??= []);
  recent.push({ generation: state.generation, scope });
  if (recent.length > RECENT_INVALIDATIONS) recent.shift();
  for (const clear of state.clearers) clear(scope);
}

const ARTICLE_KEY = /^(?:\/[a-z]{2}(?:-[a-z]+)?)?\/blog\/([^/?]+)$/;

/** Whether an invalidation of `scope` (undefined: everything) drops the page stored under `key` (server/public/cache-key.ts). */
export function scopeCovers(scope: PublicScope | undefined, key: string): boolean {
  if (!scope) return true;
  const article = ARTICLE_KEY.exec(key);
  return !article || scope.articles.includes(article[1]!);
}

/**
 * Whether a page for `key` whose render started under local generation `renderedUnder` may still be stored (or
 * handed to other visitors): no invalidation since then covered `key`.
 */
export function stillCurrent(key: string, renderedUnder: number): boolean {
  if (renderedUnder === state.generation) return true;
  const recent = state.recent ?? [];
  const oldest = recent[0]?.generation ?? Infinity;
  // Invalidations older than the ones remembered may have covered it: refuse.
  if (renderedUnder + 1 < oldest) return false;
  return recent.every((entry) => entry.generation <= renderedUnder || !scopeCovers(entry.scope, key));
}

/**
 * Applies the invalidation of shared generation `shared` with `scope`, or everything when this process missed one
 * (its generations are not consecutive): `state.shared` always means every write up to it has been applied here.
 */
function applyShared(shared: number, scope: PublicScope | undefined): void {
  const consecutive = shared === state.shared + 1;
  state.shared = Math.max(state.shared, shared);
  clearLocalPublicCache(consecutive ? scope : undefined);
}

/**
 * Drops every cached public page, in this process and in the other workers of this machine. Call after any write
 * that can change what visitors see, with the shared generation it bumped (`shared`); the promise settles once every
 * worker has dropped its copy (at once with one process), so a write can answer only when no worker of this
 * instance can serve the old page. Other instances catch up through the shared generation (catchUpPublicCache).
 */
export function invalidatePublicCache(shared?: number, scope?: PublicScope): Promise<void> {
  // Already applied (another instance's NOTIFY of this very write can arrive first): this instance still clears
  // what the write changed before it answers.
  if (shared === undefined || shared <= state.shared) clearLocalPublicCache(shared === undefined ? undefined : scope);
  else applyShared(shared, scope);
  return state.broadcast ? state.broadcast(shared, scope) : Promise.resolve();
}

/**
 * Another process's write bumped the shared generation to `shared` (told by NOTIFY, polling or a sibling worker),
 * changing `scope` (unknown: everything): drops this process's cached pages of that scope unless they are already no
 * older; everything when a generation in between was missed. Answers whether it dropped anything.
 */
export function catchUpPublicCache(shared: number, scope?: PublicScope): boolean {
  if (shared <= state.shared) return false;
  applyShared(shared, scope);
  return true;
}

/** The newest shared generation this process has applied. */
export function appliedPublicGeneration(): number {
  return state.shared;
}

/** Registers an in-memory copy of public data (or the page store) to drop whenever the public pages are; it is told the scope. */
export function onPublicCacheCleared(clear: (scope?: PublicScope) => void): void {
  state.clearers.add(clear);
}

/** Installs how invalidations reach the other worker processes (none with one process). */
export function setPublicCacheBroadcast(broadcast: ((shared?: number, scope?: PublicScope) => Promise<void>) | null): void {
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
