import type { ThemeSections, ThemeSettings } from '#app/lib/theme/model.ts';

/** What the editor edits (and undoes): the theme's name, settings and sections. */
export interface ThemeDraft {
  name: string;
  settings: ThemeSettings;
  sections: ThemeSections;
}

export interface EditedTheme extends ThemeDraft {
  id: string;
  version: number;
  dataError: boolean;
}

/** The editable part of a loaded theme. */
export const draftOf = (theme: EditedTheme): ThemeDraft => ({
  name: theme.name,
  settings: theme.settings,
  sections: theme.sections,
});
