import { RESERVED_PAGE_SLUGS } from './slug.ts';

export const REDIRECT_STATUSES = ['301', '302'] as const;
export const MAX_FROM_LENGTH = 500;
export const MAX_TO_LENGTH = 2000;

/** First path segments the site answers itself (its routes, files, feeds): no redirect may take a path under them. */
const SITE_SEGMENTS = new Set([...RESERVED_PAGE_SLUGS.filter((slug) => slug !== 'blog'), 'invite', 'theme', '__manifest']);

type Checked<T> = ({ ok: true } & T) | { ok: false; error: string };

/** Whitespace or a control character (code points below 32, and 127): never part of a path or an address here. */
function hasSpaceOrControl(text: string): boolean {
  return /\s/.test(text) || [...text].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127);
}

/**
 * A redirect's "from": a path of this site, normalised as the request path is (server/request-path.ts): each segment
 * percent-decoded, lowercase, no trailing slash. No query, fragment, dot segment, backslash or escaped slash; not the
 * home page, `/blog` itself, or a path under one of the site's own routes.
 */
export function normaliseFromPath(input: string): Checked<{ path: string }> {
  const text = input.trim();
  if (!text) return { ok: false, error: 'Enter the path to redirect from' };
  if (text.length > MAX_FROM_LENGTH) return { ok: false, error: `A path may be at most ${MAX_FROM_LENGTH} characters` };
  if (!text.startsWith('/') || text.startsWith('//')) return { ok: false, error: 'Enter a path of this site, starting with one /' };
  if (hasSpaceOrControl(text) || text.includes('\\')) return { ok: false, error: 'A path may not contain spaces or backslashes' };
  if (/[?#]/.test(text)) return { ok: false, error: 'A path to redirect from has no ? or #' };
  let segments: string[];
  try {
    segments = text.split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    return { ok: false, error: 'This path has a broken %-escape' };
  }
  if (segments.some((segment) => segment.includes('/') || segment.includes('\\'))) {
    return { ok: false, error: 'A path may not contain an escaped slash' };
  }
  if (segments.some((segment) => segment === '.' || segment === '..'))
    return { ok: false, error: 'A path may not contain . or .. segments' };
  let path = segments.join('/').toLowerCase();
  while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  if (path === '/') return { ok: false, error: 'The home page cannot be redirected' };
  if (path === '/blog') return { ok: false, error: 'The blog itself cannot be redirected' };
  const first = (path.split('/')[1] ?? '').split('.')[0]!;
  if (SITE_SEGMENTS.has(first)) return { ok: false, error: `Paths under /${first} are answered by the site itself` };
  return { ok: true, path };
}

export type RedirectTarget =
  /** `target` as stored (pathname, query, fragment, escaped); `path`: its pathname normalised like a "from". */
  { ok: true; kind: 'path'; target: string; path: string } | { ok: true; kind: 'url'; target: string };

const OFF_SITE_HINT = 'Enter a site path starting with / or a full address starting with https:// or http://';

/**
 * A redirect's "to": a path of this site (never another site, however it is spelled: `//host`, `/\host`, `\host`),
 * or a full http(s) address, which alone may point elsewhere.
 */
export function parseRedirectTarget(input: string): RedirectTarget | { ok: false; error: string } {
  const text = input.trim();
  if (!text) return { ok: false, error: 'Enter where to redirect to' };
  if (text.length > MAX_TO_LENGTH) return { ok: false, error: `An address may be at most ${MAX_TO_LENGTH} characters` };
  if (hasSpaceOrControl(text) || text.includes('\\')) return { ok: false, error: 'An address may not contain spaces or backslashes' };
  if (text.startsWith('/')) {
    if (text.startsWith('//')) return { ok: false, error: `“${text}” would leave the site: ${OFF_SITE_HINT}` };
    const base = 'http://site.invalid';
    let url: URL;
    try {
      url = new URL(text, base);
    } catch {
      return { ok: false, error: OFF_SITE_HINT };
    }
    if (url.origin !== base) return { ok: false, error: `“${text}” would leave the site: ${OFF_SITE_HINT}` };
    return { ok: true, kind: 'path', target: `${url.pathname}${url.search}${url.hash}`, path: pathKey(url.pathname) };
  }
  if (/^https?:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return { ok: false, error: 'This address is not a valid URL' };
    }
    if (url.username || url.password) return { ok: false, error: 'An address may not hold a user name or password' };
    if (!url.hostname) return { ok: false, error: 'This address has no host' };
    return { ok: true, kind: 'url', target: url.href };
  }
  return { ok: false, error: OFF_SITE_HINT };
}

/** A site pathname as the request path reads it: each segment decoded, lowercase, no trailing slash. */
export function pathKey(pathname: string): string {
  let path: string;
  try {
    path = pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/')
      .toLowerCase();
  } catch {
    path = pathname.toLowerCase();
  }
  while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
}
