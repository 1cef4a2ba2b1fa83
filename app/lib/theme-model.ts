import type { ThemeStyles } from './theme-css.ts';

/** Fonts the site serves from its own origin (@fontsource), then the generic families every browser has. */
export const INSTALLED_FONTS = ['Inter', 'Poppins'] as const;
export const GENERIC_FONTS = ['sans-serif', 'serif', 'monospace', 'system-ui'] as const;
export const FONT_CHOICES = [...INSTALLED_FONTS, ...GENERIC_FONTS] as const;
export type FontChoice = (typeof FONT_CHOICES)[number];

/** The editor's sections, in page order, with the labels the sections list shows. */
export const THEME_SECTIONS = [
  { name: 'navbar', label: 'Navigation' },
  { name: 'hero', label: 'Hero Section' },
  { name: 'services', label: 'Services' },
  { name: 'about', label: 'About' },
  { name: 'contact', label: 'Contact' },
  { name: 'footer', label: 'Footer' },
] as const;
export type SectionName = (typeof THEME_SECTIONS)[number]['name'];
export const SECTION_NAMES = THEME_SECTIONS.map((section) => section.name) as [SectionName, ...SectionName[]];

/** Theme settings keys whose values are colours, sizes (px unless said) or fonts. */
export const COLOR_KEYS = [
  'backgroundColor',
  'primaryColor',
  'secondaryColor',
  'textColor',
  'headingsColor',
  'linkColor',
  'linkHoverColor',
  'headerColor',
  'footerColor',
  'menuColor',
  'menuHoverColor',
  'cardBackground',
  'inputBackground',
  'inputBorder',
  'inputText',
] as const;
export type ColorKey = (typeof COLOR_KEYS)[number];

/** Bounds of the numeric settings: [min, max]. */
export const SIZE_BOUNDS = {
  baseTextSize: [10, 32],
  h1Size: [16, 120],
  h2Size: [14, 96],
  h3Size: [12, 72],
  lineHeight: [1, 3],
  cardBorderRadius: [0, 64],
  buttonBorderRadius: [0, 64],
  sectionSpacing: [0, 400],
  containerPadding: [0, 200],
  contentWidth: [320, 2560],
} as const;
export type SizeKey = keyof typeof SIZE_BOUNDS;
export const SIZE_KEYS = Object.keys(SIZE_BOUNDS) as SizeKey[];

export type ThemeSettings = Record<ColorKey, string> & Record<SizeKey, number> & { bodyFont: FontChoice; headingsFont: FontChoice };

/** A section's settings (spec: Layout, Typography, Colors, Background, Advanced). Empty or 0 means "as the theme". */
export interface SectionSettings {
  width: 'full' | 'contained' | 'custom';
  maxWidth: number;
  height: 'auto' | 'full' | 'custom';
  padding: { top: number; right: number; bottom: number; left: number };
  margin: { top: number; right: number; bottom: number; left: number };
  titleFont: '' | 'sans' | 'serif' | 'mono';
  textFont: '' | 'sans' | 'serif' | 'mono';
  titleSize: number;
  textSize: number;
  lineHeight: number;
  backgroundColor: string;
  textColor: string;
  titleColor: string;
  linkColor: string;
  linkHoverColor: string;
  backgroundType: 'color' | 'gradient' | 'image';
  backgroundImage: string;
  backgroundPosition: 'center' | 'top' | 'bottom';
  backgroundSize: 'cover' | 'contain' | 'auto';
  customClasses: string;
  zIndex: number;
  overflow: 'visible' | 'hidden' | 'scroll';
  position: 'static' | 'relative' | 'absolute';
}

export interface ThemeSection {
  html: string;
  css: string;
  settings: SectionSettings;
}
export type ThemeSections = Record<SectionName, ThemeSection>;

/** The theme as the editor and Export see it. */
export interface ThemeContent {
  settings: ThemeSettings;
  sections: ThemeSections;
}

const sides = { top: 0, right: 0, bottom: 0, left: 0 };

/**
 * Default section settings. The spec's prototype defaulted to a white background and black text; here an
 * unset colour means "the theme's", so a dark theme stays dark until a section asks otherwise.
 */
export const DEFAULT_SECTION_SETTINGS: SectionSettings = {
  width: 'full',
  maxWidth: 0,
  height: 'auto',
  padding: sides,
  margin: sides,
  titleFont: '',
  textFont: '',
  titleSize: 0,
  textSize: 0,
  lineHeight: 0,
  backgroundColor: '',
  textColor: '',
  titleColor: '',
  linkColor: '',
  linkHoverColor: '',
  backgroundType: 'color',
  backgroundImage: '',
  backgroundPosition: 'center',
  backgroundSize: 'cover',
  customClasses: '',
  zIndex: 0,
  overflow: 'visible',
  position: 'static',
};

export const emptySection = (): ThemeSection => ({ html: '', css: '', settings: structuredClone(DEFAULT_SECTION_SETTINGS) });

/** Preset "default" (docs/product.md, Constants): replaces every theme setting at once. */
export const DEFAULT_PRESET: ThemeSettings = {
  backgroundColor: '#ffffff',
  primaryColor: '#007bff',
  secondaryColor: '#6c757d',
  textColor: '#212529',
  headingsColor: '#111827',
  linkColor: '#007bff',
  linkHoverColor: '#0056b3',
  headerColor: '#ffffff',
  footerColor: '#f8f9fa',
  menuColor: '#212529',
  menuHoverColor: '#007bff',
  cardBackground: '#ffffff',
  inputBackground: '#ffffff',
  inputBorder: '#9ca3af',
  inputText: '#111827',
  bodyFont: 'Inter',
  headingsFont: 'Poppins',
  baseTextSize: 16,
  h1Size: 40,
  h2Size: 32,
  h3Size: 28,
  lineHeight: 1.5,
  cardBorderRadius: 8,
  buttonBorderRadius: 6,
  sectionSpacing: 64,
  containerPadding: 32,
  contentWidth: 1280,
};

/** Preset "dark" (docs/product.md, Constants). */
export const DARK_PRESET: ThemeSettings = {
  ...DEFAULT_PRESET,
  backgroundColor: '#111827',
  primaryColor: '#2a85ff',
  secondaryColor: '#34d399',
  textColor: '#e5e7eb',
  headingsColor: '#f9fafb',
  linkColor: '#60a5fa',
  linkHoverColor: '#93c5fd',
  headerColor: '#0b1220',
  footerColor: '#0b1220',
  menuColor: '#e5e7eb',
  menuHoverColor: '#60a5fa',
  cardBackground: '#1f2937',
  inputBackground: '#1f2937',
  inputBorder: '#374151',
  inputText: '#f9fafb',
  h1Size: 48,
  h2Size: 36,
  h3Size: 30,
  lineHeight: 1.6,
  sectionSpacing: 80,
  contentWidth: 1200,
  cardBorderRadius: 12,
  buttonBorderRadius: 8,
};

export const THEME_PRESETS = { default: DEFAULT_PRESET, dark: DARK_PRESET } as const;
export type PresetName = keyof typeof THEME_PRESETS;

const rem = (px: number) => `${Math.round((px / 16) * 1000) / 1000}rem`;
const px = (value: string | undefined, fallback: number) => {
  const match = /^(\d+(?:\.\d+)?)(rem|px)$/.exec(value ?? '');
  if (!match) return fallback;
  return Math.round(Number(match[1]) * (match[2] === 'rem' ? 16 : 1));
};

/** The list view's `styles` (docs/product.md, Data), derived from the settings so the two never disagree. */
export function stylesFromSettings(settings: ThemeSettings): ThemeStyles {
  return {
    colors: {
      primary: settings.primaryColor,
      secondary: settings.secondaryColor,
      background: settings.backgroundColor,
      text: settings.textColor,
      headings: settings.headingsColor,
    },
    fonts: { heading: settings.headingsFont, body: settings.bodyFont },
    spacing: { containerPadding: rem(settings.containerPadding), sectionSpacing: rem(settings.sectionSpacing) },
  };
}

/** Settings carried by a `styles` object (an uploaded file may hold only that). */
export function settingsFromStyles(
  styles: Partial<{
    colors: Partial<ThemeStyles['colors']>;
    fonts: Partial<ThemeStyles['fonts']>;
    spacing: Partial<ThemeStyles['spacing']>;
  }>,
): Partial<ThemeSettings> {
  const out: Partial<ThemeSettings> = {};
  const c = styles.colors ?? {};
  if (c.primary) out.primaryColor = c.primary;
  if (c.secondary) out.secondaryColor = c.secondary;
  if (c.background) out.backgroundColor = c.background;
  if (c.text) out.textColor = c.text;
  if (c.headings) out.headingsColor = c.headings;
  if (styles.fonts?.heading) out.headingsFont = styles.fonts.heading as FontChoice;
  if (styles.fonts?.body) out.bodyFont = styles.fonts.body as FontChoice;
  if (styles.spacing?.containerPadding) out.containerPadding = px(styles.spacing.containerPadding, DEFAULT_PRESET.containerPadding);
  if (styles.spacing?.sectionSpacing) out.sectionSpacing = px(styles.spacing.sectionSpacing, DEFAULT_PRESET.sectionSpacing);
  return out;
}
