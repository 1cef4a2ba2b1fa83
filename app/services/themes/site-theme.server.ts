import type { ThemeContent } from '#app/lib/theme/model.ts';
import { completeTheme } from '#app/lib/theme/schema.ts';
import { memoUntilWrite } from '#app/services/cache/memo-until-write.server.ts';

import { getThemeDraft } from './theme-drafts.server.ts';
import { getActiveTheme, getTheme } from './themes.server.ts';

/** The theme a public page is rendered in: its identity (for the stylesheet URL) and its content. */
export interface SiteTheme extends ThemeContent {
  id: string;
  name: string;
  version: number;
}

const fromTheme = (theme: { id: string; name: string; version: number } & ThemeContent): SiteTheme => ({
  id: theme.id,
  name: theme.name,
  version: theme.version,
  settings: theme.settings,
  sections: theme.sections,
});

/**
 * What the public site wears: the active theme, or the default preset should the themes table be
 * empty. Kept in memory until the next public write (activating or saving a theme is one).
 * Shared by every request: callers never change it.
 */
export const getSiteTheme = memoUntilWrite(async (): Promise<SiteTheme> => {
  const active = await getActiveTheme();
  return active ? fromTheme(active) : { id: 'default', name: 'Default', version: 0, ...completeTheme({}) };
});

/** A saved theme by id, for the preview of a theme that is not active. */
export async function getSavedSiteTheme(id: string): Promise<SiteTheme | null> {
  const theme = await getTheme(id);
  return theme ? fromTheme(theme) : null;
}

/** A user's unsaved editor theme, for the preview of a draft. Its version is 0: never served from a cached stylesheet. */
export async function getDraftSiteTheme(userId: string): Promise<SiteTheme | null> {
  const draft = await getThemeDraft(userId);
  return draft ? { id: draft.themeId, name: draft.name, version: 0, settings: draft.settings, sections: draft.sections } : null;
}
