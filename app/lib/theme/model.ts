/**
 * The one theme model: settings (colours, fonts, sizes) and, per section, HTML, CSS and settings. The
 * database, the editor, the public site (app/lib/theme/css.ts) and Export all read and write this shape;
 * the spec's `{ styles }` list-view shape exists only as an upload adapter (app/services/themes/spec-styles.server.ts).
 */

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
