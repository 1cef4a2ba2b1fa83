import { ensureContrast, mixTowards, readableOn } from './color.ts';
import { FONT_CHOICES, type FontChoice, GENERIC_FONTS, type ThemeSettings } from './model.ts';
import { DEFAULT_PRESET } from './presets.ts';

/**
 * The theme's one set of CSS custom properties, read by app/app.css, the section stylesheet and the
 * sections' own CSS: every setting as `--theme-<setting>` (`primaryColor` → `--theme-primary-color`),
 * plus the colours the site derives from them (see themeVariablesCss).
 */
export const themeVariableName = (key: string) => `--theme-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

const PX_KEYS = new Set([
  'baseTextSize',
  'h1Size',
  'h2Size',
  'h3Size',
  'cardBorderRadius',
  'buttonBorderRadius',
  'sectionSpacing',
  'containerPadding',
  'contentWidth',
]);
// Values go inside a <style> element: only characters that cannot end the rule or the element.
const SAFE = /^[#\w\s.,%()'"-]{1,80}$/;
const isSafe = (text: string) => SAFE.test(text) && !text.includes('</');

/** A font setting as a font-family list: an installed font with the system fallbacks, a generic family as itself. */
function fontStack(font: FontChoice): string {
  if ((GENERIC_FONTS as readonly string[]).includes(font)) return font;
  // Each installed font has a fallback face shaped to its measures (app.css), used until the font has loaded.
  return `'${font}', '${font} Fallback', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`;
}

/** One setting's value as CSS, or null when it is not one this model allows (a row that slipped past the schema). */
function cssValue(key: keyof ThemeSettings, value: unknown): string | null {
  if (key === 'bodyFont' || key === 'headingsFont')
    return (FONT_CHOICES as readonly unknown[]).includes(value) ? fontStack(value as FontChoice) : null;
  const text = PX_KEYS.has(key) ? `${Number(value)}px` : String(value);
  return isSafe(text) ? text : null;
}

/** Every setting's value as CSS; a value that could break out of the style element falls back to the default preset's. */
function settingValues(settings: ThemeSettings): Record<keyof ThemeSettings, string> {
  const keys = Object.keys(DEFAULT_PRESET) as (keyof ThemeSettings)[];
  return Object.fromEntries(keys.map((key) => [key, cssValue(key, settings[key]) ?? cssValue(key, DEFAULT_PRESET[key])!])) as Record<
    keyof ThemeSettings,
    string
  >;
}

const block = (selector: string, declarations: Record<string, string>) =>
  `${selector}{${Object.entries(declarations)
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}`;

/**
 * The theme's look for the document head, so the first paint has it. Body text and headings are served
 * as they read on the background (WCAG AA: a colour that does not is moved towards black or white), and
 * three colours are derived: the primary and secondary as text on the background (`-strong`) and the
 * text on a primary button. Then the rules that read the settings (text size, line height, headings,
 * header, footer, menu, links, form fields, cards).
 */
export function themeVariablesCss(settings: ThemeSettings): string {
  const values = settingValues(settings);
  const background = values.backgroundColor;
  // The band behind alternate sections, badges and tags, and the hairlines of cards: the background moved a little
  // towards the text, so they follow a dark theme as well as a light one (never a fixed light grey).
  const muted = mixTowards(background, values.textColor, 0.06);
  const border = mixTowards(background, values.textColor, 0.18);
  // Text is served as it reads on the background and on the muted band (the further of the two from it).
  const readable = (color: string) => ensureContrast(ensureContrast(color, background), muted);
  values.textColor = readable(values.textColor);
  values.headingsColor = readable(values.headingsColor);
  const primaryStrong = readable(values.primaryColor);
  const derived = {
    '--theme-primary-strong': primaryStrong,
    '--theme-on-primary': readableOn(primaryStrong),
    '--theme-secondary-strong': readable(values.secondaryColor),
    '--theme-muted': muted,
    '--theme-border': border,
  };
  const variables = Object.fromEntries(Object.entries(values).map(([key, value]) => [themeVariableName(key), value]));
  // The theme's sizes, scaled down on phones, apply to the content's headings too (.site-prose h2 would otherwise keep
  // its fixed size and equal the page's H1 on a phone).
  const heading = (tag: string, key: 'h1Size' | 'h2Size' | 'h3Size') =>
    `main ${tag},main .site-prose ${tag}{font-size:clamp(${Math.round(settings[key] * 0.6)}px,calc(${Math.round(settings[key] * 0.4)}px + 2vw),var(${themeVariableName(key)}))}`;
  const rules = [
    `html{font-size:var(--theme-base-text-size)}`,
    `body{line-height:var(--theme-line-height)}`,
    heading('h1', 'h1Size'),
    heading('h2', 'h2Size'),
    heading('h3', 'h3Size'),
    `[data-section="navbar"] header{background-color:var(--theme-header-color)}`,
    `[data-section="navbar"] nav a{color:var(--theme-menu-color)}`,
    `[data-section="navbar"] nav a:hover{color:var(--theme-menu-hover-color)}`,
    `[data-section="footer"] footer{background-color:var(--theme-footer-color)}`,
    `.site-prose a{color:var(--theme-link-color)}`,
    `.site-prose a:hover{color:var(--theme-link-hover-color)}`,
    `main input,main textarea,main select{background-color:var(--theme-input-background);border-color:var(--theme-input-border);color:var(--theme-input-text)}`,
    `main article{border-radius:var(--theme-card-border-radius)}`,
  ];
  return [
    block(':root', derived),
    `body{background-color:var(--theme-background-color);color:var(--theme-text-color)}`,
    block(':root', variables),
    ...rules,
  ].join('');
}
