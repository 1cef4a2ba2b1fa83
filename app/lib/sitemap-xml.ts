import { xmlEscape } from './xml.ts';

/** The sitemap protocol's limit on the URLs of one file (sitemaps.org): a bigger site is split into several files. */
export const SITEMAP_URL_LIMIT = 50_000;

/** One `<url>`: a site path, its last change, and every language's URL of the same item (hreflang → path). */
export interface SitemapEntry {
  loc: string;
  lastmod: string | null;
  alternates: [string, string][];
}

export const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
export const URLSET_CLOSE = '</urlset>\n';

/** One entry as a `<url>` line, its paths made absolute with `origin`. */
export function urlXml(origin: string, entry: SitemapEntry): string {
  const lastmod = entry.lastmod ? `<lastmod>${xmlEscape(entry.lastmod)}</lastmod>` : '';
  const alternates = entry.alternates
    .map(([hreflang, path]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${xmlEscape(`${origin}${path}`)}"/>`)
    .join('');
  return `<url><loc>${xmlEscape(`${origin}${entry.loc}`)}</loc>${lastmod}${alternates}</url>\n`;
}

/** The sitemap index: one `<sitemap>` per file, by its site path. */
export function sitemapIndexXml(origin: string, paths: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `<sitemap><loc>${xmlEscape(`${origin}${path}`)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}
