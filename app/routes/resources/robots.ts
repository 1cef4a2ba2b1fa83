import { siteOrigin } from '#app/http/site-url.server.ts';

/** /robots.txt: the public site is crawlable, the admin and sign-in are not. */
export function loader() {
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /login', '', `Sitemap: ${siteOrigin()}/sitemap.xml`, ''].join(
    '\n',
  );
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
