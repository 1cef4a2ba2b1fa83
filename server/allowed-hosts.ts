import type { NextFunction, Request, RequestHandler, Response } from 'express';

function hostname(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
}

/**
 * Whether a Host header names this site. An entry with a port must match
 * exactly; one without matches that host name on any port; one starting with
 * a dot matches the name and its subdomains.
 */
export function isAllowedHost(header: string | undefined, allowed: readonly string[]): boolean {
  if (!header) return false;
  const host = header.trim().toLowerCase();
  const name = hostname(host);
  return allowed.some((entry) => {
    if (entry.startsWith('.')) return name === entry.slice(1) || name.endsWith(entry);
    return /:\d+$/.test(entry) && !entry.endsWith(']') ? host === entry : name === entry;
  });
}

/**
 * Answers 400 to a request for a host this site is not (Host, or an
 * X-Forwarded-Host a proxy or client added): such a request is never
 * rendered, so it can never reach the shared page cache.
 */
export function refuseUnknownHosts(allowed: readonly string[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const forwarded = req.headers['x-forwarded-host'];
    const hosts = [req.headers.host, ...(forwarded === undefined ? [] : String(forwarded).split(','))];
    if (hosts.every((host) => isAllowedHost(host, allowed))) return next();
    res.status(400).set('Cache-Control', 'no-store').type('text/plain').send('Unknown host.');
  };
}
