import { SECTION_NAMES, type SectionName, type SectionSettings, type ThemeSections } from './model.ts';
import { scopedSectionCss } from './section-css.ts';

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
    self.push(`background-image:linear-gradient(135deg,${s.backgroundColor || 'var(--theme-primary-color)'},var(--theme-secondary-color))`);
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
