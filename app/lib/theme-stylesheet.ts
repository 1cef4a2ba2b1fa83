import { themeCss } from './theme-css.ts';
import {
  SECTION_NAMES,
  type SectionName,
  type SectionSettings,
  stylesFromSettings,
  type ThemeSections,
  type ThemeSettings,
} from './theme-model.ts';

/** Custom properties named after the settings keys: `primaryColor` → `--theme-primary-color`. */
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
// Settings were validated on the way in; this keeps a value that slipped past from ending the rule.
const SAFE = /^[#\w\s.,%()'"-]{1,80}$/;

/** Every theme setting as a custom property, in `:root`. */
export function themeSettingsVariables(settings: ThemeSettings): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [key, value] of Object.entries(settings)) {
    const text = PX_KEYS.has(key) ? `${Number(value)}px` : String(value);
    if (SAFE.test(text) && !text.includes('</')) vars[themeVariableName(key)] = text;
  }
  return vars;
}

/**
 * The theme's look for the document head: the site's colour and font tokens (with their contrast-safe
 * variants), every setting as a variable, and the rules that read them (text size, line height,
 * heading sizes, header, footer, menu, links, form fields, cards).
 */
export function themeVariablesCss(settings: ThemeSettings): string {
  const vars = themeSettingsVariables(settings);
  const root = `:root{${Object.entries(vars)
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}`;
  const heading = (tag: string, key: 'h1Size' | 'h2Size' | 'h3Size') =>
    `main ${tag}{font-size:clamp(${Math.round(settings[key] * 0.6)}px,calc(${Math.round(settings[key] * 0.4)}px + 2vw),var(${themeVariableName(key)}))}`;
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
  return `${themeCss(stylesFromSettings(settings))}${root}${rules.join('')}`;
}

const FONT_STACKS = {
  sans: 'ui-sans-serif,system-ui,sans-serif',
  serif: 'ui-serif,Georgia,serif',
  mono: 'ui-monospace,Menlo,monospace',
} as const;
const box = (s: SectionSettings['padding']) => `${s.top}px ${s.right}px ${s.bottom}px ${s.left}px`;
const hasBox = (s: SectionSettings['padding']) => s.top !== 0 || s.right !== 0 || s.bottom !== 0 || s.left !== 0;

/** The rules a section's settings give that section; only what differs from "as the theme". */
export function sectionSettingsCss(name: SectionName, s: SectionSettings): string {
  const self: string[] = [];
  const at = `[data-section="${name}"]`;
  if (s.width === 'contained') self.push('max-width:var(--theme-content-width)', 'margin-inline:auto');
  if (s.width === 'custom' && s.maxWidth > 0) self.push(`max-width:${s.maxWidth}px`, 'margin-inline:auto');
  if (s.height === 'full') self.push('min-height:100vh');
  if (hasBox(s.padding)) self.push(`padding:${box(s.padding)}`);
  if (hasBox(s.margin)) self.push(`margin:${box(s.margin)}`);
  if (s.textFont) self.push(`font-family:${FONT_STACKS[s.textFont]}`);
  if (s.textSize > 0) self.push(`font-size:${s.textSize}px`);
  if (s.lineHeight > 0) self.push(`line-height:${s.lineHeight}`);
  if (s.textColor) self.push(`color:${s.textColor}`);
  if (s.backgroundType === 'color' && s.backgroundColor) self.push(`background-color:${s.backgroundColor}`);
  if (s.backgroundType === 'gradient')
    self.push(`background-image:linear-gradient(135deg,${s.backgroundColor || 'var(--site-primary)'},var(--site-secondary))`);
  if (s.backgroundType === 'image' && s.backgroundImage) {
    self.push(
      `background-image:url("${s.backgroundImage.replace(/["\\\n]/g, '')}")`,
      `background-position:${s.backgroundPosition}`,
      `background-size:${s.backgroundSize}`,
    );
  }
  if (s.zIndex !== 0) self.push(`z-index:${s.zIndex}`);
  if (s.overflow !== 'visible') self.push(`overflow:${s.overflow}`);
  if (s.position !== 'static') self.push(`position:${s.position}`);
  const rules = self.length ? [`${at}{${self.join(';')}}`] : [];
  const title: string[] = [];
  if (s.titleFont) title.push(`font-family:${FONT_STACKS[s.titleFont]}`);
  if (s.titleSize > 0) title.push(`font-size:${s.titleSize}px`);
  if (s.titleColor) title.push(`color:${s.titleColor}`);
  if (title.length) rules.push(`${at} :is(h1,h2,h3){${title.join(';')}}`);
  if (s.linkColor) rules.push(`${at} a{color:${s.linkColor}}`);
  if (s.linkHoverColor) rules.push(`${at} a:hover{color:${s.linkHoverColor}}`);
  return rules.join('');
}

/** Strips comments and strings' contents, to read a stylesheet's structure. */
function skeleton(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, '""');
}

/**
 * Why a section's CSS cannot be served scoped to its section, or null when it can: braces must
 * balance (so nothing escapes the section's block), and nothing may load other stylesheets.
 */
export function sectionCssProblem(css: string): string | null {
  const bare = skeleton(css);
  if (/\/\*/.test(bare)) return 'has a comment that is never closed';
  if (/["']/.test(bare.replace(/""/g, ''))) return 'has a string that is never closed';
  let depth = 0;
  for (const char of bare) {
    if (char === '{') depth++;
    if (char === '}' && --depth < 0) return 'closes a block it never opened';
  }
  if (depth !== 0) return 'leaves a block open';
  if (/@(?:import|charset|namespace)\b/i.test(bare)) return 'may not use @import, @charset or @namespace';
  if (/<\/?style/i.test(css)) return 'may not contain a style tag';
  return null;
}

/**
 * A section's CSS applied to that section only: nested inside the section's selector (CSS nesting),
 * so `h2 { … }` styles the section's headings and bare declarations style the section itself.
 */
export function scopedSectionCss(name: SectionName, css: string): string {
  if (!css.trim() || sectionCssProblem(css)) return '';
  return `[data-section="${name}"]{${css}}`;
}

/** Every section's settings and CSS, as the cached stylesheet serves them. */
export function themeSectionsCss(sections: ThemeSections): string {
  return SECTION_NAMES.map((name) => sectionSettingsCss(name, sections[name].settings) + scopedSectionCss(name, sections[name].css))
    .filter(Boolean)
    .join('\n');
}

/**
 * Where the active theme's section stylesheet is served: the theme's id and version are in the
 * path, so a save or an activation changes the address and browsers may keep each one for good.
 */
export function themeStylesheetPath(theme: { id: string; version: number }): string {
  return `/theme/${encodeURIComponent(theme.id)}/${theme.version}/sections.css`;
}
