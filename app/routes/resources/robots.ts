import { siteOrigin } from '#app/http/site-url.server.ts';
import { publicFeed } from '#app/lib/public-routes.ts';
import { siteBehaviour } from '#app/services/settings/site-behaviour.server.ts';

/** Public: its anonymous answer is the same for everyone and kept in the page store (see app/lib/public-routes.ts). */
export const handle = publicFeed;

/**
 * /robots.txt: the public site is crawlable, the admin and sign-in are not; while Settings → Advanced discourages
 * search engines, nothing is.
 */
export function loader() {
  if (siteBehaviour().discourageSearchEngines) {
    return new Response('User-agent: *\nDisallow: /\n', { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /login', '', `Sitemap: ${siteOrigin()}/sitemap.xml`, ''].join(
    '\n',
  );
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
