import type { ThemeSettings } from './model.ts';

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
