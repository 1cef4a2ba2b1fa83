import { data } from 'react-router';

import { NoThemeSelected } from '#app/components/admin/theme-editor/no-theme-selected.tsx';
import { ThemeEditor } from '#app/components/admin/theme-editor/theme-editor.tsx';
import { requireScreen } from '#app/http/guard.server.ts';
import { listRevisions } from '#app/services/themes/theme-history.server.ts';
import { getTheme } from '#app/services/themes/themes.server.ts';

import type { Route } from './+types/route';
import { themeEditorAction } from './save.server.ts';

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  {
    title: loaded?.theme ? `Editing ${loaded.theme.name} · Admin` : 'No Theme Selected · Admin',
  },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireScreen(request, 'theme-editor');
  const theme = await getTheme(params.themeId);
  if (!theme) return data({ theme: null, revisions: [], now: Date.now() }, { status: 404 });
  const { id, name, version, settings, sections, dataError } = theme;
  return {
    theme: { id, name, version, settings, sections, dataError },
    revisions: await listRevisions(id),
    now: Date.now(),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireScreen(request, 'theme-editor');
  return themeEditorAction(user, request, params.themeId);
}

/** The theme editor, full screen (outside the admin's sidebar layout). */
export default function ThemeEditorRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.theme) return <NoThemeSelected />;
  return <ThemeEditor key={loaderData.theme.id} theme={loaderData.theme} revisions={loaderData.revisions} now={loaderData.now} />;
}
