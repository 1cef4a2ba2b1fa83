import { getEnv } from '#app/env.server.ts';

/** The public origin for canonical URLs, feeds and the sitemap: SITE_URL when set, else the request's own. */
export function siteOrigin(request: Request): string {
  const configured = getEnv().SITE_URL;
  return (configured ?? new URL(request.url).origin).replace(/\/+$/, '');
}
