import { data } from 'react-router';

import { SiteErrorBoundary, siteErrorMeta } from '#app/components/site/site-error-page.tsx';

/** Any URL no other route claims: a real 404, in the site's look (inside the public layout). */
export function loader() {
  throw data({ message: 'Not found' }, { status: 404 });
}

export default function NotFound() {
  return null;
}

export const meta = siteErrorMeta;

export const ErrorBoundary = SiteErrorBoundary;
