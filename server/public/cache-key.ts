import type { IncomingMessage } from 'node:http';

import { detectLanguage, siteDefaultLanguage } from '#app/i18n/detect.ts';
import { LANGUAGES } from '#app/i18n/languages.ts';

import { isUnder, requestPath, type RequestTarget } from '../request-path.ts';

// Cookies that mean "this response is personal": a session or a pending flash message.
const PERSONAL_COOKIES = /(?:^|;\s*)(?:atelier_session|atelier_toast)=/;
// Personal pages, and files that must stream with their own caching (media, ranges for video).
const UNCACHED_PREFIXES = ['/admin', '/login', '/logout', '/language', '/__manifest', '/media'];
/**
 * The one spelling of a public URL the cache keeps: lowercase, no percent-encoding, no empty or
 * dot segments, no trailing slash. Other spellings (/Blog, /blog/, /%62log) reach the same route
 * but are rendered uncached, so they cannot multiply the cache's entries.
 */
const CANONICAL_PATH = /^(?:\/[a-z0-9][a-z0-9.-]*)+$|^\/$/;

/**
 * Where a list is paginated (the blog and its archives, in every language): `?page=N` is part of the key there alone;
 * anywhere else a page query is rendered, never stored.
 */
const PAGINATED_PATH = new RegExp(`^(?:/(?:${LANGUAGES.join('|')}))?/blog(?:/(?:category|tag)/[a-z0-9][a-z0-9-]*)?$`);
/**
 * ?page=N for 2 ≤ N < 1,000,000 (?page=1 is the list spelled twice; nine posts a page, so a blog of nine million posts);
 * pages past the last are 404s, which are never stored.
 */
const PAGE_QUERY = /^page=(?:[2-9]|[1-9]\d{1,5})$/;

export type LanguageOf = (cookieHeader: string, acceptLanguage: string) => string;
const detectedLanguage: LanguageOf = (cookieHeader, acceptLanguage) => detectLanguage({ query: null, cookieHeader, acceptLanguage });

/**
 * The cache key for an anonymous GET of a public page, or null when the request must be rendered for this visitor
 * alone. The one key of every way a public GET is answered (the node:http fast path and the Express handler, which
 * stores and serves by it, or renders the page for one visitor when it is null), decided on the request's one
 * normalised path (server/request-path.ts). Only `?page=N` on a paginated list may appear in the query, so random
 * query strings cannot flood the cache. `language` lets the fast path pass its memoised detection.
 */
export function publicCacheKey(
  req: RequestTarget & Pick<IncomingMessage, 'method' | 'headers'>,
  language: LanguageOf = detectedLanguage,
): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const { raw, path, data, query } = requestPath(req);
  // Canonical: spelled exactly as the router reads it (so lowercase, unescaped, no trailing slash), narrowed by the pattern.
  if (data || raw !== path || !CANONICAL_PATH.test(path)) return null;
  for (const prefix of UNCACHED_PREFIXES) if (isUnder(path, prefix)) return null;
  if (query && !(PAGINATED_PATH.test(path) && PAGE_QUERY.test(query))) return null;
  const headers = req.headers;
  const cookie = headers.cookie ?? '';
  if (headers.authorization || PERSONAL_COOKIES.test(cookie)) return null;
  // Keyed by the URL alone (decision 030): the URL names the language. Only `/` looks at the cookie and the browser's
  // language, to send a visitor who asks for another language to its home (302): that answer is never stored.
  if (path === '/' && language(cookie, headers['accept-language'] ?? '') !== siteDefaultLanguage()) return null;
  return `${path}${query ? `?${query}` : ''}`;
}
