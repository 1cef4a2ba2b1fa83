import type { NextFunction, Request, Response } from 'express';

import { detectLanguage } from '#app/i18n/detect.ts';
import { hasPermission } from '#app/lib/permissions.ts';
import { getSiteSettings } from '#app/services/settings/settings.server.ts';
import { loadSiteBehaviour, siteBehaviour, siteBehaviourLoaded } from '#app/services/settings/site-behaviour.server.ts';

import { type RequestPath, requestPath } from './request-path.ts';
import { requestUser } from './request-user.ts';
import { sendStatusPage } from './status-page.ts';

/** Visitors are asked to come back after this many seconds. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 600;

/**
 * What keeps working in maintenance: health checks, signing in and out, the admin, and files (scripts, styles, images).
 * Decided on the request's normalised path: the route the router will answer, not how the path was spelled.
 */
function exempt({ path, data }: RequestPath): boolean {
  return (
    path === '/healthz' ||
    path === '/readyz' ||
    /^\/(?:admin|login|logout|assets|media|__manifest)(?:[/.]|$)/.test(path) ||
    // Static files at the top level (favicon, icon sprite): a dot in the last segment, but not the feeds (a language's
    // RSS, the sitemap's files), nor data requests.
    (!data && /\.[a-z0-9]+$/.test(path) && !/(?:^|\/)(?:sitemap\.xml|robots\.txt|rss\.xml)$|^\/sitemaps\//.test(path))
  );
}

async function isStaff(req: Request): Promise<boolean> {
  const user = await requestUser(req);
  return !!user && hasPermission(user, 'access_admin');
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const TEXT = {
  en: {
    title: 'Under maintenance',
    heading: 'We’ll be back soon',
    body: 'The site is undergoing maintenance. Please come back in a few minutes.',
  },
  fr: {
    title: 'Maintenance en cours',
    heading: 'Nous revenons bientôt',
    body: 'Le site est en maintenance. Merci de revenir dans quelques minutes.',
  },
} as const;

export function maintenancePage(language: 'en' | 'fr', siteName: string): string {
  const text = TEXT[language];
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(text.title)} · ${escape(siteName)}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif;background:#f9fafb;color:#1f2937}
main{max-width:32rem;padding:2rem;text-align:center}
h1{font-size:1.75rem;margin:0 0 1rem;color:#111827}
p{line-height:1.6;margin:0 0 .5rem}
</style>
</head>
<body>
<main>
<p>${escape(siteName)}</p>
<h1>${escape(text.heading)}</h1>
<p>${escape(text.body)}</p>
</main>
</body>
</html>`;
}

/**
 * Maintenance Mode (Settings → Advanced): anonymous visitors get the maintenance page (the site's page for 503) with 503 and
 * Retry-After, before the page cache is consulted; signed-in staff go through and see the site with
 * a banner. The settings are read once and then held in memory (reloaded on every settings write).
 */
export function maintenanceMode(req: Request, res: Response, next: NextFunction): void {
  const settled = siteBehaviourLoaded() ? Promise.resolve() : loadSiteBehaviour().then(() => undefined);
  settled
    .then(async () => {
      if (!siteBehaviour().maintenanceMode || exempt(requestPath(req)) || (await isStaff(req))) return next();
      res.setHeader('Retry-After', String(MAINTENANCE_RETRY_AFTER_SECONDS));
      // The site's own page for 503, in its theme; this plain page only when that cannot be rendered.
      await sendStatusPage(req, res, 503, () => {
        const language = detectLanguage({ query: null, cookieHeader: req.headers.cookie, acceptLanguage: req.headers['accept-language'] });
        void getSiteSettings().then(({ siteName }) => {
          res.status(503);
          res.setHeader('Cache-Control', 'no-store');
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.end(req.method === 'HEAD' ? undefined : maintenancePage(language === 'fr' ? 'fr' : 'en', siteName));
        }, next);
      });
    })
    .catch(next);
}
