import { throwFailure } from '#app/http/failure.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { exportTheme } from '#app/services/themes/themes.server.ts';

import type { Route } from './+types/export';

/** Export: the theme as a .json file that Upload Theme accepts. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireScreen(request, 'themes');
  const result = await exportTheme(params.themeId);
  if (!result.ok) throwFailure(result);
  const ascii = result.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return new Response(result.json, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(result.fileName)}`,
      'Cache-Control': 'private, no-store',
    },
  });
}
