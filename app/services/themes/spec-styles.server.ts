import { z } from 'zod';

import { renameOldVariables } from '#app/db/migrations/0067-one-theme-model.ts';
import type { SectionName, ThemeSettings } from '#app/lib/theme/model.ts';
import { cssColor, firstIssue, font, themeFileSchema, themeSettingsSchema } from '#app/lib/theme/schema.ts';

/**
 * Upload's adapter for theme files written to the spec's list-view shape (spec §3, §5):
 * `{ styles: { colors, fonts, spacing } }`, a bare styles object, or an older Export, which held
 * `styles` beside `settings` and `sections` whose CSS named the `--site-*` variables. Everything is
 * turned into the one model here; nothing else reads that shape.
 */
const length = (example: string) =>
  z.string().regex(/^\d{1,3}(?:\.\d+)?(?:rem|px)$/, { message: `must be a length such as ${example} or 32px` });

const specStylesSchema = z
  .object({
    colors: z.object({ primary: cssColor, secondary: cssColor, background: cssColor, text: cssColor, headings: cssColor }).partial(),
    fonts: z.object({ heading: font, body: font }).partial(),
    spacing: z.object({ containerPadding: length('2rem'), sectionSpacing: length('4rem') }).partial(),
  })
  .partial();
type SpecStyles = z.infer<typeof specStylesSchema>;

/** A `2rem` or `32px` length in pixels (a rem is 16 px). */
const px = (value: string) => Math.round(Number.parseFloat(value) * (value.endsWith('rem') ? 16 : 1));

/** The settings a styles object names; what it leaves out stays as the preset has it. */
function settingsFromStyles({ colors = {}, fonts = {}, spacing = {} }: SpecStyles): Partial<ThemeSettings> {
  const pairs: [keyof ThemeSettings, string | number | undefined][] = [
    ['primaryColor', colors.primary],
    ['secondaryColor', colors.secondary],
    ['backgroundColor', colors.background],
    ['textColor', colors.text],
    ['headingsColor', colors.headings],
    ['headingsFont', fonts.heading],
    ['bodyFont', fonts.body],
    ['containerPadding', spacing.containerPadding && px(spacing.containerPadding)],
    ['sectionSpacing', spacing.sectionSpacing && px(spacing.sectionSpacing)],
  ];
  return Object.fromEntries(pairs.filter(([, value]) => value !== undefined && value !== '')) as Partial<ThemeSettings>;
}

type ThemeFile = z.infer<typeof themeFileSchema>;

/** An uploaded file's content in the one model, or the first problem as "field.path message". */
export function readThemeFile(record: Record<string, unknown>): { ok: true; file: ThemeFile } | { ok: false; problem: string } {
  const shaped = 'styles' in record || 'settings' in record || 'sections' in record ? record : { styles: record };
  const styles = specStylesSchema.safeParse(shaped.styles ?? {});
  if (!styles.success) {
    const issue = styles.error.issues[0]!;
    return { ok: false, problem: `${['styles', ...issue.path].join('.')} ${issue.message}` };
  }
  const parsed = themeFileSchema.safeParse(shaped);
  if (!parsed.success) return { ok: false, problem: firstIssue(parsed.error) };
  // Lengths from styles are checked against the settings' bounds too.
  const settings = themeSettingsSchema.safeParse({ ...settingsFromStyles(styles.data), ...parsed.data.settings });
  if (!settings.success) return { ok: false, problem: `settings.${firstIssue(settings.error)}` };
  const sections = Object.fromEntries(
    Object.entries(parsed.data.sections ?? {}).map(([name, section]) => [
      name as SectionName,
      section && {
        ...section,
        ...(section.css === undefined ? {} : { css: renameOldVariables(section.css) }),
        ...(section.html === undefined ? {} : { html: renameOldVariables(section.html) }),
      },
    ]),
  );
  return { ok: true, file: { settings: settings.data, sections } };
}
