import { siteOrigin } from '#app/http/site-url.server.ts';
import { publicFeed } from '#app/lib/public-routes.ts';
import { URLSET_CLOSE, URLSET_OPEN, urlXml } from '#app/lib/sitemap-xml.ts';
import { siteContentLanguage } from '#app/services/content/content-language.server.ts';
import { pagesSitemapEntries } from '#app/services/sitemap/sitemap.server.ts';

/** Public: its anonymous answer is the same for everyone and kept in the page store (see app/lib/public-routes.ts). */
export const handle = publicFeed;

/**
 * /sitemaps/pages.xml: the landing page and the blog in every language, and every published page translation,
 * each with `xhtml:link` alternates to its existing translations and x-default (decision 030).
 */
export async function loader() {
  const origin = siteOrigin();
  const entries = await pagesSitemapEntries(await siteContentLanguage());
  const body = URLSET_OPEN + entries.map((entry) => urlXml(origin, entry)).join('') + URLSET_CLOSE;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
