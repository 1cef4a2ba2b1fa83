import { useMatches, useRouteLoaderData } from 'react-router';

import { useTranslation } from '#app/i18n/use-translation.ts';
import { localizedPath } from '#app/lib/language-paths.ts';

/** A site path in the page's language: `/blog` stays `/blog` in the default language and becomes `/fr/blog` in French. */
export function useSitePath(): (path: string) => string {
  const { language } = useTranslation();
  const layout = useRouteLoaderData<{ defaultLanguage?: string }>('routes/site/layout');
  return (path) => localizedPath(path, language, layout?.defaultLanguage ?? language);
}

/**
 * The loader data of a public route, whichever language's copy of it answered (`routes/site/home` and its prefixed
 * copies `routes/site/home.fr`… in app/routes.ts).
 */
export function useSiteRouteData<T>(routeId: string): T | undefined {
  return useMatches().find((match) => match.id === routeId || match.id.startsWith(`${routeId}.`))?.data as T | undefined;
}
