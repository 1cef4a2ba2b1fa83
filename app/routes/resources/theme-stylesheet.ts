import { data } from 'react-router';

import { themeSectionsCss } from '#app/lib/theme/stylesheet.ts';
import { getSiteTheme } from '#app/services/themes/site-theme.server.ts';

import type { Route } from './+types/theme-stylesheet';

/**
 * GET /theme/{themeId}/{version}/sections.css: the active theme's section settings and section CSS,
 * each scoped to its section. The address names the version, so the current one is cached for good;
 * an older version's address answers the current rules uncached. Only the active theme is served:
 * other themes are shown to staff in previews, inline.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const theme = await getSiteTheme();
  if (theme.id !== params.themeId) throw data({ message: 'Not found' }, { status: 404 });
  const current = String(theme.version) === params.version;
  return new Response(themeSectionsCss(theme.sections), {
    headers: {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': current ? 'public, max-age=31536000, immutable' : 'no-cache',
    },
  });
}
