import { redirect } from 'react-router';

import { requireScreen } from '#app/http/guard.server.ts';
import { themePreviewUrl } from '#app/lib/theme/preview.ts';
import { getThemeDraft } from '#app/services/themes/theme-drafts.server.ts';

import type { Route } from './+types/preview';

/**
 * /preview (the theme editor's Preview button, in a new tab): the public site in the user's unsaved
 * theme when there is one (of `?theme=<id>` when given), else in the saved theme `?theme=<id>`.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, 'themes');
  const themeId = new URL(request.url).searchParams.get('theme')?.slice(0, 100) ?? '';
  const draft = await getThemeDraft(user.id);
  if (draft && (!themeId || draft.themeId === themeId)) throw redirect(themePreviewUrl('/', 'draft'));
  throw redirect(themeId ? themePreviewUrl('/', { themeId }) : '/');
}
