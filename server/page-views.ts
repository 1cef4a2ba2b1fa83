import type { IncomingMessage } from 'node:http';

import type { NextFunction, Request, Response } from 'express';

import { recordPageView } from '#app/services/analytics/page-views.server.ts';

import { requestPath } from './request-path.ts';

// Paths that are not public pages: the admin, sign-in, files (anything with an extension).
const NOT_PAGES = /^\/(?:admin|login|logout|language|media|assets|__manifest|healthz|readyz|preview|invite)(?:[/.]|$)|\.[a-z0-9]+$/;
/** Whether the request asks for a public page (not a file, not the admin, not a data request). */
function asksForPage(req: IncomingMessage): boolean {
  const { path, data } = requestPath(req);
  return !data && !NOT_PAGES.test(path);
}
const SESSION_COOKIE = /(?:^|;\s*)atelier_session=/;

/**
 * Counts views of public pages, privately: a view is a page in an hour, counted once per visitor (address and
 * browser) per page per day; the visitor is kept only as a keyed hash that changes every day (isFirstViewToday).
 * Robots, link previews, prefetches and signed-in staff are left out. `clientAddress` is the client's address as
 * Express's `req.ip` works it out (TRUST_PROXY), also for requests answered before Express.
 */
export function pageViewCounter(clientAddress: (req: IncomingMessage) => string) {
  /** One view of the page `req` asked for; the cache-hit fast path calls it for each hit it answers. */
  function countPageView(req: IncomingMessage): void {
    if (req.method !== 'GET') return;
    // The request's one normalised path: the page rendered, however the path was spelled.
    if (!asksForPage(req)) return;
    const headers = req.headers;
    if (String(headers['sec-purpose'] ?? headers['purpose'] ?? '').includes('prefetch')) return;
    if (SESSION_COOKIE.test(headers.cookie ?? '')) return;
    recordPageView(requestPath(req).path, { address: clientAddress(req), userAgent: headers['user-agent'] ?? '' });
  }

  /** The same count for pages Express answers (rendered, or cached hits the fast path left to it), once sent as HTML. */
  function countPageViews(req: Request, res: Response, next: NextFunction): void {
    if (req.method === 'GET' && asksForPage(req)) {
      res.on('finish', () => {
        const ok = res.statusCode === 200 || res.statusCode === 304;
        if (ok && (res.statusCode === 304 || String(res.getHeader('Content-Type') ?? '').startsWith('text/html'))) countPageView(req);
      });
    }
    next();
  }

  return { countPageView, countPageViews };
}
