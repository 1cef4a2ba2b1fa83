import { data } from 'react-router';

import { siteOrigin } from '#app/http/site-url.server.ts';
import { URLSET_CLOSE, URLSET_OPEN, urlXml } from '#app/lib/sitemap-xml.ts';
import { siteContentLanguage } from '#app/services/content/content-language.server.ts';
import { postsSitemapEntries, postsSitemapFileCount } from '#app/services/sitemap/sitemap.server.ts';

import type { Route } from './+types/sitemap-posts';

/**
 * /sitemaps/posts-N.xml: the Nth file of published articles (every language, at most 50,000 URLs), streamed as it is
 * read a thousand rows at a time, so memory stays flat however big the site (decision 032). Not kept in the page
 * store (a file can be megabytes); shared caches may keep it five minutes.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const file = Number(/^posts-([1-9]\d{0,6})\.xml$/.exec(params.file)?.[1]);
  if (!file || file > (await postsSitemapFileCount())) throw data({ message: 'There is no such sitemap.' }, { status: 404 });
  const origin = siteOrigin();
  const batches = postsSitemapEntries(file, await siteContentLanguage());
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(URLSET_OPEN));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) {
        controller.enqueue(encoder.encode(URLSET_CLOSE));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map((entry) => urlXml(origin, entry)).join('')));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
}
