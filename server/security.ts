import { randomBytes } from 'node:crypto';

import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

import { policyWithSources } from '#app/lib/code-injection.ts';
import { EMBED_FRAME_HOSTS } from '#app/lib/embeds.ts';

import { sendStatusPage } from './status-page.ts';

declare module 'express-serve-static-core' {
  interface Locals {
    cspNonce: string;
  }
}

// Nonces are cut from a pool of random bytes refilled when spent: one call into OpenSSL per 256
// responses instead of one each, for the same unpredictable 16 bytes.
const NONCE_BYTES = 16;
let pool = Buffer.alloc(0);
let used = 0;

/** A fresh nonce per response, for the inline scripts React Router emits. */
export function cspNonce(_req: Request, res: Response, next: NextFunction): void {
  if (used + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * 256);
    used = 0;
  }
  res.locals.cspNonce = pool.toString('base64', used, (used += NONCE_BYTES));
  next();
}

/**
 * `mediaOrigin`: where /media/ redirects (MEDIA_DELIVERY=redirect, S3_PUBLIC_URL): a browser checks the redirect's
 * target against img-src and media-src too, so the store's or CDN's origin is allowed there.
 */
export function securityHeaders({ development, mediaOrigin }: { development: boolean; mediaOrigin?: string }): RequestHandler {
  const media = mediaOrigin ? [mediaOrigin] : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
        // Tailwind, theme variables and the toast library set inline styles.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...media],
        'font-src': ["'self'"],
        'connect-src': development ? ["'self'", 'ws:'] : ["'self'"],
        'media-src': ["'self'", 'blob:', ...media],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
        // The video players a page's or post's embed may show (docs/decisions/025), and nothing else.
        'frame-src': ["'self'", ...EMBED_FRAME_HOSTS],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: !development,
  });
}

/** Settings → Code Injection: the sources its scripts load from, added to this response's policy (docs/decisions/034). */
export function allowScriptSources(res: Response, sources: readonly string[]): void {
  const policy = res.getHeader('Content-Security-Policy');
  if (typeof policy === 'string') res.setHeader('Content-Security-Policy', policyWithSources(policy, sources));
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent from another origin (CSRF). Browsers
 * send Origin on every cross-origin POST; requests without one come from
 * non-browser clients, which cannot ride a visitor's cookies.
 */
export function refuseCrossOrigin(req: Request, res: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(req.method)) return next();
  const fetchSite = req.get('sec-fetch-site');
  const origin = req.get('origin');
  let sameOrigin = fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none';
  if (origin !== undefined) {
    try {
      sameOrigin = sameOrigin && new URL(origin).host === req.get('host');
    } catch {
      sameOrigin = false;
    }
  }
  if (sameOrigin) return next();
  // The site's page for 403, in its theme; the plain refusal when it cannot be rendered.
  void sendStatusPage(req, res, 403, () => res.status(403).type('text/plain').send('Cross-origin request refused.')).catch(next);
}

/** Refuses bodies over `limit` bytes before anything reads them. */
export function limitBodySize(limitFor: (req: Request) => number): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const declared = req.get('content-length');
    if (declared === undefined) {
      if (req.get('transfer-encoding')) {
        res.status(411).type('text/plain').send('A Content-Length header is required.');
        return;
      }
      return next();
    }
    const length = Number(declared);
    if (!Number.isSafeInteger(length) || length < 0) {
      res.status(400).type('text/plain').send('Invalid Content-Length header.');
      return;
    }
    const limit = limitFor(req);
    if (length > limit) {
      res
        .status(413)
        .type('text/plain')
        .send(`The request is too large: the limit is ${Math.floor(limit / 1024)} KB.`);
      return;
    }
    next();
  };
}
