import type { IncomingMessage, ServerResponse } from 'node:http';

import { detectLanguage } from '#app/i18n/detect.ts';
import { siteBehaviour } from '#app/services/settings/site-behaviour.server.ts';

import { isAllowedHost } from '../allowed-hosts.ts';
import { publicCacheKey } from './cache-key.ts';
import { matchesEtag, preferredEncoding } from './cached-answer.ts';
import { readCachedPage } from './page-store.ts';

// Small memo tables: a site sees few distinct Host and Accept-Language values, and the bound keeps
// a client that sends a new one per request from growing them.
const MEMO_LIMIT = 256;

function memo<K, V>(compute: (key: K) => V): (key: K) => V {
  const table = new Map<K, V>();
  return (key) => {
    let value = table.get(key);
    if (value === undefined) {
      value = compute(key);
      if (table.size >= MEMO_LIMIT) table.clear();
      table.set(key, value);
    }
    return value;
  };
}

/**
 * Answers anonymous cache hits straight from node:http, before Express and its per-request
 * middleware (nonce, helmet, body parsing) run: the entry carries its full prepared header block,
 * security headers included. Returns false when the request is not a hit in its simplest form
 * (any other query, a personal cookie, an unknown host…): Express then handles it as usual, and
 * still answers the hits this path leaves to it.
 */
export function createCacheFastPath(options: { allowedHosts: readonly string[]; onHit?: (req: IncomingMessage) => void }) {
  const knownHost = memo((host: string) => isAllowedHost(host, options.allowedHosts));
  // Per Cookie header, per Accept-Language header: two lookups, no key string built on each hit.
  const detect = memo((cookie: string) =>
    memo((accept: string) => detectLanguage({ query: null, cookieHeader: cookie, acceptLanguage: accept })),
  );
  const language = (cookie: string, accept: string) => detect(cookie)(accept);

  return function answerCacheHit(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    // Maintenance Mode is decided in the Express stack (staff pass, visitors get a 503).
    if (siteBehaviour().maintenanceMode) return false;
    // The one key of every cache hit, on the request's one normalised path (dot segments were refused before this).
    const key = publicCacheKey(req, language);
    if (!key) return false;
    const headers = req.headers;
    // The same host allow-list as the Express stack: an unknown host is left to it (and refused there).
    if (!knownHost(headers.host ?? '')) return false;
    const forwarded = headers['x-forwarded-host'];
    if (forwarded !== undefined && !String(forwarded).split(',').every(knownHost)) return false;

    const page = readCachedPage(key);
    const wire = page?.wire;
    if (!page || !wire) return false;
    options.onHit?.(req);
    if (matchesEtag(headers['if-none-match'], page.etag)) {
      res.writeHead(304, wire.notModified);
      res.end();
      return true;
    }
    const encoding = preferredEncoding(headers['accept-encoding']);
    const body = encoding ? page[encoding] : page.body;
    res.writeHead(page.status, encoding ? wire[encoding] : wire.identity);
    if (method === 'HEAD') res.end();
    else res.end(body);
    return true;
  };
}
