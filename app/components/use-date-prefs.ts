import { useRouteLoaderData } from 'react-router';

import { type DatePrefs, DEFAULT_DATE_PREFS } from '#app/lib/format-date.ts';

/** The General settings' timezone and formats, from whichever layout (admin or public site) is showing. */
export function useDatePrefs(): DatePrefs {
  const admin = useRouteLoaderData<{ datePrefs?: DatePrefs }>('routes/admin/layout')?.datePrefs;
  const site = useRouteLoaderData<{ shell?: { site?: DatePrefs } }>('routes/site/layout')?.shell?.site;
  return admin ?? site ?? DEFAULT_DATE_PREFS;
}
