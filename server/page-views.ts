import type { IncomingMessage } from 'node:http';

import type { NextFunction, Request, Response } from 'express';

import { isKnownBot } from '#app/lib/user-agent.ts';
import { recordPageView } from '#app/services/analytics/page-views.server.ts';

// Paths that are not public pages: the admin, sign-in, files (anything with an extension), data requests.
const NOT_PAGES = /^\/(?:admin|login|logout|language|media|assets|__manifest|healthz|preview|invite)(?:[/.]|$)|\.[a-z0-9]+$/i;
const SESSION_COOKIE = /(?:^|;\s*)atelier_session=/;

/**
 * Counts one view of a public page, privately: a view is a path in an hour, nothing about the
 * visitor is kept (no cookie set, no address, no user agent). Robots, link previews, prefetches and
 * signed-in staff are left out. The cache-hit fast path calls it for each hit it answers.
 */
export function countPageView(req: IncomingMessage): void {
  if (req.method !== 'GET') return;
  const url = req.url ?? '/';
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  if (NOT_PAGES.test(path)) return;
  const headers = req.headers;
  if (String(headers['sec-purpose'] ?? headers['purpose'] ?? '').includes('prefetch')) return;
  if (isKnownBot(headers['user-agent']) || SESSION_COOKIE.test(headers.cookie ?? '')) return;
  recordPageView(path.toLowerCase().replace(/\/+$/, '') || '/');
}

/** The same count for pages Express answers (rendered, or cached hits the fast path left to it), once sent as HTML. */
export function countPageViews(req: Request, res: Response, next: NextFunction): void {
  if (req.method === 'GET' && !NOT_PAGES.test(req.path)) {
    res.on('finish', () => {
      const ok = res.statusCode === 200 || res.statusCode === 304;
      if (ok && (res.statusCode === 304 || String(res.getHeader('Content-Type') ?? '').startsWith('text/html'))) countPageView(req);
    });
  }
  next();
}
