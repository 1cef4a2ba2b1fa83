import { FALLBACK_LANGUAGE, isLanguage, type Language, LANGUAGE_COOKIE } from './languages.ts';

const COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=([^;\\s]*)`);
const MAX_ACCEPT_LANGUAGE_ENTRIES = 32;

let defaultLanguage: Language = FALLBACK_LANGUAGE;

/** The General settings' language, used when the visitor's browser states neither English nor French. */
export function setDefaultLanguage(language: Language): void {
  defaultLanguage = language;
}

export interface LanguageSources {
  /** The `lng` query parameter, if any. */
  query: string | null;
  cookieHeader: string | null | undefined;
  acceptLanguage: string | null | undefined;
}

function fromCookie(header: string | null | undefined): Language | null {
  // One scan for the one cookie read here: no array of every cookie the browser sends, on every request.
  const value = header ? COOKIE_VALUE.exec(header)?.[1] : undefined;
  return isLanguage(value) ? value : null;
}

/** The best supported language of an Accept-Language header, by quality then order. */
function fromAcceptLanguage(header: string | null | undefined): Language | null {
  // Browsers send a handful of entries; the first few decide, however long a crafted header is.
  const ranked = (header ?? '')
    .split(',', MAX_ACCEPT_LANGUAGE_ENTRIES)
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';', 4);
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { base: tag.toLowerCase().split('-')[0], q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? null;
}

/**
 * The server's half of the detection order in docs/product.md (Languages): ?lng=, then the
 * cookie, then the browser's Accept-Language, then the site's default language (English unless set). The browser-only
 * sources (local and session storage) are mirrored into the cookie by the switcher.
 */
export function detectLanguage(sources: LanguageSources): Language {
  if (isLanguage(sources.query)) return sources.query;
  return fromCookie(sources.cookieHeader) ?? fromAcceptLanguage(sources.acceptLanguage) ?? defaultLanguage;
}

export function detectRequestLanguage(request: Request): Language {
  return detectLanguage({
    query: new URL(request.url).searchParams.get('lng'),
    cookieHeader: request.headers.get('Cookie'),
    acceptLanguage: request.headers.get('Accept-Language'),
  });
}

/** The site's default language (Settings → General, when the public site is published in it). */
export function siteDefaultLanguage(): Language {
  return defaultLanguage;
}

/** The language a public URL names by its first segment (`/fr/blog` → fr), or null for an unprefixed URL. */
export function pathLanguage(pathname: string): Language | null {
  const first = pathname.split('/', 2)[1] ?? '';
  return isLanguage(first) ? first : null;
}

/**
 * The language of a public page (decision 030): the URL's prefix, else the site's default language. Cookies and the
 * browser's language never change a page's language: they only send a visitor from `/` to their language's home.
 */
export function siteRequestLanguage(request: Request): Language {
  const pathname = new URL(request.url).pathname;
  // The server's own status pages (403, maintenance…) answer any URL: there the visitor's choice still speaks.
  if (pathname.startsWith('/__status/')) return detectRequestLanguage(request);
  return pathLanguage(pathname) ?? defaultLanguage;
}

/** The path without its language prefix (`/fr/blog/x` → `/blog/x`, `/fr` → `/`). */
export function unprefixedPath(pathname: string): string {
  const language = pathLanguage(pathname);
  if (!language) return pathname;
  return pathname.slice(language.length + 1) || '/';
}
