import { siteOrigin } from '#app/http/site-url.server.ts';
import { publicFeed } from '#app/lib/public-routes.ts';
import { xmlEscape } from '#app/lib/xml.ts';
import { listPublishedPages } from '#app/services/pages/public-pages.server.ts';
import { listPublishedPostsForFeeds } from '#app/services/posts/public-posts.server.ts';

/** Public: its anonymous answer is the same for everyone and kept in the page store (see app/lib/public-routes.ts). */
export const handle = publicFeed;

/** /sitemap.xml: the landing page, the blog, and every published page and post (nothing else). */
export async function loader() {
  const origin = siteOrigin();
  const [pages, posts] = await Promise.all([listPublishedPages(), listPublishedPostsForFeeds()]);
  const entries = [
    { loc: `${origin}/`, lastmod: null as string | null },
    { loc: `${origin}/blog`, lastmod: posts[0]?.updated_at ?? null },
    ...pages.map((page) => ({ loc: `${origin}/${page.slug}`, lastmod: page.updated_at })),
    ...posts.map((post) => ({ loc: `${origin}/blog/${post.slug}`, lastmod: post.updated_at })),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries.map(
      (entry) =>
        `<url><loc>${xmlEscape(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${xmlEscape(entry.lastmod)}</lastmod>` : ''}` +
        `<xhtml:link rel="alternate" hreflang="fr" href="${xmlEscape(`${entry.loc}?lng=fr`)}"/></url>`,
    ),
    '</urlset>',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
