import type { ThemeRow } from '#app/db/schema.ts';
import type { ThemeContent, ThemeSections, ThemeSettings } from '#app/lib/theme/model.ts';
import { completeTheme, sectionsSchema, themeSettingsSchema } from '#app/lib/theme/schema.ts';

export interface Theme {
  id: string;
  name: string;
  description: string;
  isActive: boolean;
  version: number;
  settings: ThemeSettings;
  sections: ThemeSections;
  updatedAt: string;
  /** The stored settings or sections could not be read; defaults stand in for them. */
  dataError: boolean;
}

export const THEME_COLUMNS = ['id', 'name', 'description', 'is_active', 'version', 'settings', 'data', 'updated_at'] as const;
export type ThemeColumns = Pick<ThemeRow, (typeof THEME_COLUMNS)[number]>;

/** Reads stored settings and sections text as the schema allows; anything unreadable falls back to the defaults. */
export function readThemeContent(settingsText: string, dataText: string): ThemeContent & { dataError: boolean } {
  let dataError = false;
  const read = <T>(text: string, schema: { safeParse: (value: unknown) => { success: boolean; data?: T } }): T | undefined => {
    try {
      const parsed = schema.safeParse(JSON.parse(text || '{}'));
      if (parsed.success) return parsed.data;
    } catch {
      // Not JSON: reported below.
    }
    dataError = true;
    return undefined;
  };
  const settings = read(settingsText, themeSettingsSchema);
  const sections = read(dataText, sectionsSchema);
  return { ...completeTheme({ settings, sections: sections as never }), dataError };
}

export function toTheme(row: ThemeColumns): Theme {
  const content = readThemeContent(row.settings, row.data);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isActive: Number(row.is_active) === 1,
    version: Number(row.version),
    settings: content.settings,
    sections: content.sections,
    updatedAt: row.updated_at,
    dataError: content.dataError,
  };
}
