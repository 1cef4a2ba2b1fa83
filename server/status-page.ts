import type { Request, Response } from 'express';
import type { AppLoadContext } from 'react-router';

import { getEnv } from '#app/env.server.ts';

import type { RenderRequest } from './public/render.ts';
import { requestPath } from './request-path.ts';

type StatusPageRenderer = (req: Request, res: Response, status: number) => Promise<string>;

let renderer: StatusPageRenderer | null = null;

/** Request headers the page reads for the visitor's language and session; nothing else reaches its render. */
const PASSED_HEADERS = ['accept-language', 'cookie', 'user-agent'];

/**
 * Lets the server answer its own errors (Maintenance Mode's 503, a refused cross-origin form's 403, an error outside
 * any route's 500) with the site's page for that status (routes/site/status-page.tsx): the active theme, the header
 * and footer, the visitor's language (`?lng=`, the cookie, Accept-Language) and the ways on.
 */
export function serveStatusPagesWith(render: RenderRequest, loadContext: (req: Request, res: Response) => AppLoadContext): void {
  renderer = async (req, res, status) => {
    const headers = new Headers();
    for (const name of PASSED_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    const lng = new URLSearchParams(requestPath(req).query).get('lng');
    const url = new URL(`/__status/${status}`, getEnv().SITE_URL);
    if (lng === 'en' || lng === 'fr') url.searchParams.set('lng', lng);
    const answer = await render(new Request(url, { headers }), { ...loadContext(req, res), statusPage: status });
    if (answer.status !== status) throw new Error(`The ${status} page answered ${answer.status}`);
    return typeof answer.body === 'string' ? answer.body : answer.body.toString('utf8');
  };
}

/**
 * Sends the site's page for `status` (never cached, never listed), or `fallback` when it cannot be rendered (before
 * the app is ready, or when rendering fails: the database may be what failed).
 */
export async function sendStatusPage(req: Request, res: Response, status: number, fallback: () => void): Promise<void> {
  let html: string | null = null;
  try {
    html = renderer ? await renderer(req, res, status) : null;
  } catch (error) {
    console.error(`Could not render the ${status} page:`, error);
  }
  if (res.headersSent) return;
  if (html === null) return fallback();
  res.status(status);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex');
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.end(req.method === 'HEAD' ? undefined : html);
}
