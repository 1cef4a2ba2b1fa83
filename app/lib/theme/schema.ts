import { z } from 'zod';

import { isNamedColor } from './color.ts';
import {
  COLOR_KEYS,
  DEFAULT_SECTION_SETTINGS,
  FONT_CHOICES,
  SECTION_NAMES,
  SIZE_BOUNDS,
  SIZE_KEYS,
  type ThemeContent,
  type ThemeSections,
  type ThemeSettings,
} from './model.ts';
import { DEFAULT_PRESET } from './presets.ts';

/** Largest theme file Upload accepts, and largest theme a save may carry. */
export const THEME_FILE_MAX_BYTES = 256 * 1024;
export const SECTION_CODE_MAX = 50_000;

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUM = String.raw`-?(?:\d+(?:\.\d+)?|\.\d+)(?:%|deg)?`;
const FUNCTION = new RegExp(String.raw`^(?:rgba?|hsla?)\(\s*${NUM}(?:\s*[,\s]\s*${NUM}){2}(?:\s*[,/]\s*${NUM})?\s*\)$`, 'i');

/** Whether `value` is a CSS colour: #hex, rgb()/rgba()/hsl()/hsla() with numbers, or a named colour. */
export function isCssColor(value: string): boolean {
  const v = value.trim();
  return HEX.test(v) || FUNCTION.test(v) || isNamedColor(v);
}

const colorMessage = 'must be a CSS colour such as #1f2937, rgb(31, 41, 55) or a colour name';
export const cssColor = z.string().trim().max(64).refine(isCssColor, { message: colorMessage });
/** A section's colour may be empty: "the theme's". */
const optionalColor = z
  .string()
  .trim()
  .max(64)
  .refine((v) => v === '' || isCssColor(v), { message: colorMessage });
export const font = z.enum(FONT_CHOICES, { message: `must be one of the installed fonts: ${FONT_CHOICES.join(', ')}` });
const bounded = (min: number, max: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .refine((n) => Number.isFinite(n) && n >= min && n <= max, { message: `must be between ${min} and ${max}` });

/** Every theme setting, each optional (a partial map is filled from the default preset); unknown keys are dropped. */
export const themeSettingsSchema = z.object({
  ...Object.fromEntries(COLOR_KEYS.map((key) => [key, cssColor.optional()])),
  ...Object.fromEntries(SIZE_KEYS.map((key) => [key, bounded(SIZE_BOUNDS[key][0], SIZE_BOUNDS[key][1]).optional()])),
  bodyFont: font.optional(),
  headingsFont: font.optional(),
}) as unknown as z.ZodType<Partial<ThemeSettings>>;

const sides = (min: number) =>
  z.object({ top: bounded(min, 1000), right: bounded(min, 1000), bottom: bounded(min, 1000), left: bounded(min, 1000) }).partial();

/** A site path or an http(s) address, for a section's background image. */
const imageUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^\/(?!\/)[^\s"'()\\]*$/.test(v) || /^https?:\/\/[^\s"'()\\]+$/i.test(v), {
    message: 'must be a site path such as /media/photo.jpg or an http(s) address',
  });

export const sectionSettingsSchema = z
  .object({
    width: z.enum(['full', 'contained', 'custom']),
    maxWidth: bounded(0, 4000),
    height: z.enum(['auto', 'full', 'custom']),
    padding: sides(0),
    margin: sides(-1000),
    titleFont: z.enum(['', 'sans', 'serif', 'mono']),
    textFont: z.enum(['', 'sans', 'serif', 'mono']),
    titleSize: bounded(0, 200),
    textSize: bounded(0, 100),
    lineHeight: bounded(0, 4),
    backgroundColor: optionalColor,
    textColor: optionalColor,
    titleColor: optionalColor,
    linkColor: optionalColor,
    linkHoverColor: optionalColor,
    backgroundType: z.enum(['color', 'gradient', 'image']),
    backgroundImage: imageUrl,
    backgroundPosition: z.enum(['center', 'top', 'bottom']),
    backgroundSize: z.enum(['cover', 'contain', 'auto']),
    customClasses: z
      .string()
      .trim()
      .max(200)
      .regex(/^[\w\s:/.[\]-]*$/, { message: 'may hold only class names (letters, digits, - _ : / . [ ])' }),
    zIndex: z.coerce.number().int({ message: 'must be a whole number' }).min(-1000).max(1000),
    overflow: z.enum(['visible', 'hidden', 'scroll']),
    position: z.enum(['static', 'relative', 'absolute']),
  })
  .partial();

export const sectionSchema = z
  .object({
    html: z.string().max(SECTION_CODE_MAX, { message: `must be at most ${SECTION_CODE_MAX} characters` }),
    css: z.string().max(SECTION_CODE_MAX, { message: `must be at most ${SECTION_CODE_MAX} characters` }),
    settings: sectionSettingsSchema,
  })
  .partial();

export const sectionsSchema = z.object(Object.fromEntries(SECTION_NAMES.map((name) => [name, sectionSchema.optional()]))).partial();

/** A theme file as Export writes it (Upload also reads the spec's `{ styles }` shape: app/services/themes/spec-styles.server.ts). */
export const themeFileSchema = z.object({
  settings: themeSettingsSchema.optional(),
  sections: sectionsSchema.optional(),
});

/** What the editor saves: the whole theme, made on `version`. */
export const themeSaveSchema = z.object({
  name: z.string().trim().min(1, { message: 'Name is required' }).max(100, { message: 'Name must be at most 100 characters' }),
  version: z.coerce.number().int().min(1),
  settings: themeSettingsSchema,
  sections: sectionsSchema,
});
export type ThemeSaveInput = z.infer<typeof themeSaveSchema>;

/** Fills a partial, already validated theme with the preset and the default section settings. */
export function completeTheme(
  input: { settings?: Partial<ThemeSettings>; sections?: z.infer<typeof sectionsSchema> },
  base: ThemeSettings = DEFAULT_PRESET,
): ThemeContent {
  const sections = Object.fromEntries(
    SECTION_NAMES.map((name) => {
      const given = (input.sections?.[name] ?? {}) as z.infer<typeof sectionSchema>;
      const settings = given.settings ?? {};
      return [
        name,
        {
          html: given.html ?? '',
          css: given.css ?? '',
          settings: {
            ...DEFAULT_SECTION_SETTINGS,
            ...settings,
            padding: { ...DEFAULT_SECTION_SETTINGS.padding, ...settings.padding },
            margin: { ...DEFAULT_SECTION_SETTINGS.margin, ...settings.margin },
          },
        },
      ];
    }),
  ) as ThemeSections;
  return { settings: { ...base, ...input.settings }, sections };
}

/** The first problem of a failed parse as "field.path message", for one-line upload errors. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid theme file format';
  const where = issue.path.join('.');
  return where ? `${where} ${issue.message}` : issue.message;
}

/** The editor's unsaved theme, sent for the preview: the theme it was made from, its name and content. */
export const themeDraftSchema = z.object({
  themeId: z.string().trim().min(1).max(100),
  name: z.string().trim().min(1, { message: 'Name is required' }).max(100, { message: 'Name must be at most 100 characters' }),
  settings: themeSettingsSchema,
  sections: sectionsSchema,
});
export type ThemeDraftInput = z.infer<typeof themeDraftSchema>;

/** New Theme: a name and the preset it starts from. */
export const newThemeSchema = z.object({
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, { message: 'Name is required' })
    .max(100, { message: 'Name must be at most 100 characters' }),
  preset: z.enum(['default', 'dark'], { message: 'Choose the default or the dark preset' }),
});

/** The Themes screen's row actions; an upload carries its file apart. */
export const themeRowActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('activate'), id: z.string().trim().min(1).max(100) }),
  z.object({ intent: z.literal('delete'), id: z.string().trim().min(1).max(100) }),
  z.object({ intent: z.literal('upload') }),
]);
