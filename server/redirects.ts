import type { NextFunction, Request, Response } from 'express';

import { importedItemPath } from '#app/services/import/old-permalinks.server.ts';
import { findRedirect, recordRedirectHit } from '#app/services/redirects/redirects.server.ts';

import { requestPath } from './request-path.ts';

/** A 301 may be kept by browsers and shared caches for an hour (a changed redirect reaches them within it); a 302 by none. */
const PERMANENT_MAX_AGE_SECONDS = 3600;

/**
 * Settings → Redirects on the public request path: a GET or HEAD whose normalised path has a redirect is answered
 * with it, before any page is rendered (a redirect never takes a path that published content answers, so only what
 * would be a 404 is redirected). One lookup in an in-memory map per request; the hit is counted after the answer.
 * The request's query is kept when the target has none.
 */
export function serveRedirects(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const { path, data, query } = requestPath(req);
  if (data) return next();
  if (path === '/') {
    // An imported WordPress site's plain permalinks (`/?p=12`) lead to the item's new address.
    if (!query) return next();
    importedItemPath(query)
      .then((location) => {
        if (!location) return next();
        res.status(301);
        res.setHeader('Location', location);
        res.setHeader('Cache-Control', `public, max-age=${PERMANENT_MAX_AGE_SECONDS}`);
        res.end();
      })
      .catch(next);
    return;
  }
  findRedirect(path)
    .then((found) => {
      if (!found) return next();
      let location = found.target;
      if (query && !location.includes('?') && /^[\x21-\x7e]+$/.test(query)) {
        const hash = location.indexOf('#');
        location = hash === -1 ? `${location}?${query}` : `${location.slice(0, hash)}?${query}${location.slice(hash)}`;
      }
      res.status(found.status);
      res.setHeader('Location', location);
      res.setHeader('Cache-Control', found.status === 301 ? `public, max-age=${PERMANENT_MAX_AGE_SECONDS}` : 'no-store');
      res.end();
      recordRedirectHit(found.id).catch((error: unknown) => console.error('Could not count a redirect hit:', error));
    })
    .catch(next);
}
