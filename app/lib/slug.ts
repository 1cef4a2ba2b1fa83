import { SITE_LANGUAGES } from '#app/i18n/languages.ts';

/** A URL slug: lowercase ASCII letters and digits separated by single hyphens ("Café Déjà vu!" → "cafe-deja-vu"). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}

/**
 * First path segments the application itself answers, so a page may not take them:
 * /{slug} would be shadowed or would shadow a built-in route.
 */
export const RESERVED_PAGE_SLUGS: readonly string[] = [
  'admin',
  'api',
  'assets',
  'blog',
  'favicon',
  'fonts',
  'healthz',
  'language',
  'login',
  'logout',
  'media',
  'preview',
  'readyz',
  'robots',
  'rss',
  'search',
  'sitemap',
  'static',
  'uploads',
];

export function isReservedPageSlug(slug: string): boolean {
  // A language's code is its site's prefix (`/fr`, decision 030).
  return RESERVED_PAGE_SLUGS.includes(slug) || SITE_LANGUAGES.some((language) => language.code === slug);
}
