import { useRouteLoaderData } from 'react-router';

import type { loader } from '#app/routes/site/layout.tsx';

/** The public layout's data (site settings, contact, social links) for any page inside it. */
export function useSiteData() {
  const data = useRouteLoaderData<typeof loader>('routes/site/layout');
  if (!data) throw new Error('useSiteData() is only available inside the public site layout');
  return data;
}
