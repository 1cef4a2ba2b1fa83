/** One request's server figures as Debug Mode (Settings → Advanced) reports them. */
export interface TimingSnapshot {
  queries: number;
  queryMs: number;
  cacheHits: number;
  cacheMisses: number;
  /** Null until the page has been rendered (and always for a client navigation's data request). */
  renderMs: number | null;
}

/** What the panel shows, read back from a Server-Timing header or taken from a snapshot. */
export interface TimingFigures {
  queries: number;
  dbMs: number;
  renderMs: number | null;
  /** hit: every in-memory read was served from memory; miss: at least one went to the database. */
  cache: 'hit' | 'miss' | null;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export function figuresOf(snapshot: TimingSnapshot): TimingFigures {
  const cache = snapshot.cacheMisses > 0 ? 'miss' : snapshot.cacheHits > 0 ? 'hit' : null;
  return {
    queries: snapshot.queries,
    dbMs: round(snapshot.queryMs),
    renderMs: snapshot.renderMs === null ? null : round(snapshot.renderMs),
    cache,
  };
}

/** The Server-Timing header value: `db;dur=…;desc="N queries", render;dur=…, cache;desc=hit|miss`. */
export function serverTimingHeader(snapshot: TimingSnapshot): string {
  const figures = figuresOf(snapshot);
  const metrics = [`db;dur=${figures.dbMs};desc="${figures.queries} ${figures.queries === 1 ? 'query' : 'queries'}"`];
  if (figures.renderMs !== null) metrics.push(`render;dur=${figures.renderMs}`);
  if (figures.cache) metrics.push(`cache;desc=${figures.cache}`);
  return metrics.join(', ');
}

/** The browser's parsed Server-Timing entries (PerformanceServerTiming), back into figures. */
export function figuresFromEntries(entries: readonly { name: string; duration: number; description: string }[]): TimingFigures | null {
  const db = entries.find((entry) => entry.name === 'db');
  if (!db) return null;
  const render = entries.find((entry) => entry.name === 'render');
  const cache = entries.find((entry) => entry.name === 'cache')?.description;
  return {
    queries: Number.parseInt(db.description, 10) || 0,
    dbMs: round(db.duration),
    renderMs: render ? round(render.duration) : null,
    cache: cache === 'hit' || cache === 'miss' ? cache : null,
  };
}

/**
 * Written where a server-rendered panel shows the render time, which is known only once the page
 * has rendered: entry.server.tsx replaces it in the finished HTML.
 */
export const RENDER_MS_PLACEHOLDER = '%atelier-render-ms%';
