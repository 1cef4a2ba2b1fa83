import { siteOrigin } from '#app/http/site-url.server.ts';
import { publicFeed } from '#app/lib/public-routes.ts';
import { sitemapIndexXml } from '#app/lib/sitemap-xml.ts';
import { postsSitemapFileCount } from '#app/services/sitemap/sitemap.server.ts';

/** Public: its anonymous answer is the same for everyone and kept in the page store (see app/lib/public-routes.ts). */
export const handle = publicFeed;

/**
 * /sitemap.xml: the sitemap index (decision 032). It lists /sitemaps/pages.xml (the landing page, the blog and the
 * pages, in every language) and /sitemaps/posts-1.xml… (the articles, at most 50,000 URLs a file, the protocol's limit).
 */
export async function loader() {
  const files = await postsSitemapFileCount();
  const paths = ['/sitemaps/pages.xml', ...Array.from({ length: files }, (_, index) => `/sitemaps/posts-${index + 1}.xml`)];
  return new Response(sitemapIndexXml(siteOrigin(), paths), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
