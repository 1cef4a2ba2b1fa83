import { blendOver, parseCssColor, rgbContrastRatio } from './color.ts';
import type { ColorKey, SectionSettings, ThemeSettings } from './model.ts';

/** WCAG AA for body text. */
export const AA_RATIO = 4.5;

/** Text colours and the background each is read on. */
const THEME_PAIRS: readonly [ColorKey, ColorKey][] = [
  ['textColor', 'backgroundColor'],
  ['headingsColor', 'backgroundColor'],
  ['linkColor', 'backgroundColor'],
  ['linkHoverColor', 'backgroundColor'],
  ['menuColor', 'headerColor'],
  ['menuHoverColor', 'headerColor'],
  ['inputText', 'inputBackground'],
];

const LABELS: Partial<Record<string, string>> = {
  backgroundColor: 'Background Color',
  headerColor: 'Header Color',
  inputBackground: 'Input Background',
};

/**
 * The warning for `text` on `background`, or null when the pair reads well or cannot be measured:
 * a see-through background, whose look depends on what is behind it. See-through text is measured
 * as it shows over the background.
 */
export function contrastWarning(text: string, background: string, backgroundLabel: string): string | null {
  const foreground = parseCssColor(text);
  const backdrop = parseCssColor(background);
  if (!foreground || !backdrop || backdrop.alpha < 1) return null;
  const ratio = rgbContrastRatio(blendOver(foreground, backdrop.rgb), backdrop.rgb);
  if (ratio >= AA_RATIO) return null;
  return `Low contrast: ${ratio.toFixed(2)}:1 on ${backgroundLabel}, below the WCAG AA minimum of 4.5:1.`;
}

/** Warnings by the text colour's key, for every theme pair below WCAG AA. */
export function themeContrastWarnings(settings: ThemeSettings): Partial<Record<ColorKey, string>> {
  const warnings: Partial<Record<ColorKey, string>> = {};
  for (const [text, background] of THEME_PAIRS) {
    const warning = contrastWarning(settings[text], settings[background], LABELS[background] ?? background);
    if (warning) warnings[text] = warning;
  }
  return warnings;
}

/** A section's text and title colours against its background (each falling back to the theme's). */
export function sectionContrastWarnings(
  section: SectionSettings,
  theme: ThemeSettings,
): Partial<Record<'textColor' | 'titleColor' | 'linkColor', string>> {
  const background = section.backgroundType === 'color' && section.backgroundColor ? section.backgroundColor : theme.backgroundColor;
  const label = section.backgroundColor ? "the section's Background Color" : "the theme's Background Color";
  const warnings: Partial<Record<'textColor' | 'titleColor' | 'linkColor', string>> = {};
  const text = contrastWarning(section.textColor || theme.textColor, background, label);
  if (text) warnings.textColor = text;
  const title = contrastWarning(section.titleColor || theme.headingsColor, background, label);
  if (title) warnings.titleColor = title;
  const link = section.linkColor ? contrastWarning(section.linkColor, background, label) : null;
  if (link) warnings.linkColor = link;
  return warnings;
}
