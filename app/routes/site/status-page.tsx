import { data } from 'react-router';

import { SiteErrorBoundary, siteErrorMeta } from '#app/components/site/site-error-page.tsx';

import type { Route } from './+types/status-page';

/** The statuses the server answers before any route runs, in the site's look (server/status-page.ts). */
const STATUSES = new Set([403, 500, 503]);

/**
 * The error pages the server itself answers (Maintenance Mode's 503, a refused cross-origin form's 403, an error
 * outside any route's 500) rendered in the site's layout: the server renders this path for the visitor with
 * `statusPage` in the load context; asked for from outside, it is a 404 like any unknown path.
 */
export function loader({ params, context }: Route.LoaderArgs) {
  const status = Number(params.code);
  if (!STATUSES.has(status) || context.statusPage !== status) throw data({ message: 'Not found' }, { status: 404 });
  throw data({ message: 'Status page' }, { status });
}

export default function StatusPage() {
  return null;
}

export const meta = siteErrorMeta;

export const ErrorBoundary = SiteErrorBoundary;
