import { siteOrigin } from '#app/http/site-url.server.ts';
import type { Route } from './+types/robots';

/** /robots.txt: the public site is crawlable, the admin and sign-in are not. */
export function loader({ request }: Route.LoaderArgs) {
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /login', '', `Sitemap: ${siteOrigin(request)}/sitemap.xml`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
