import { getEnv } from '#app/env.server.ts';

/**
 * The public origin for canonical URLs, feeds and the sitemap. It comes from
 * configuration only (SITE_URL, else http://localhost:PORT), never from the
 * request: a Host header is whatever the client wrote, and public pages are
 * cached and shared between visitors.
 */
export function siteOrigin(): string {
  return getEnv().SITE_URL;
}
