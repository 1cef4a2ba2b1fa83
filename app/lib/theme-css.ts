import { ensureContrast, readableOn } from './color-contrast.ts';

/** The public part of a theme (docs/product.md, Data: Theme styles). */
export interface ThemeStyles {
  colors: { primary: string; secondary: string; background: string; text: string; headings: string };
  fonts: { heading: string; body: string };
  spacing: { containerPadding: string; sectionSpacing: string };
}

export const DEFAULT_THEME_STYLES: ThemeStyles = {
  colors: { primary: '#3B82F6', secondary: '#10B981', background: '#FFFFFF', text: '#1F2937', headings: '#111827' },
  fonts: { heading: 'Poppins', body: 'Inter' },
  spacing: { containerPadding: '2rem', sectionSpacing: '4rem' },
};

// Values go inside a <style> element: only characters that cannot end the rule or the element.
const SAFE_VALUE = /^[#\w\s.,%()'"-]{1,80}$/;

function safe(value: unknown, fallback: string): string {
  return typeof value === 'string' && SAFE_VALUE.test(value) && !value.includes('</') ? value : fallback;
}

function fontStack(name: string): string {
  return `'${name.replace(/['"]/g, '')}', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`;
}

/**
 * The active theme as CSS custom properties for the server's HTML, so the
 * first paint already has the theme's colours, fonts and spacing. "Strong"
 * variants keep text and buttons at WCAG AA contrast whatever the editor picks.
 */
export function themeCss(styles: Partial<ThemeStyles> | null | undefined): string {
  const d = DEFAULT_THEME_STYLES;
  const c = { ...d.colors, ...styles?.colors };
  const colors = Object.fromEntries(
    Object.entries(c).map(([k, v]) => [k, safe(v, d.colors[k as keyof typeof d.colors])]),
  ) as ThemeStyles['colors'];
  const fonts = { heading: safe(styles?.fonts?.heading, d.fonts.heading), body: safe(styles?.fonts?.body, d.fonts.body) };
  const spacing = {
    containerPadding: safe(styles?.spacing?.containerPadding, d.spacing.containerPadding),
    sectionSpacing: safe(styles?.spacing?.sectionSpacing, d.spacing.sectionSpacing),
  };
  const bg = colors.background;
  const primaryStrong = ensureContrast(colors.primary, bg);
  const vars: Record<string, string> = {
    '--site-primary': colors.primary,
    '--site-primary-strong': primaryStrong,
    '--site-on-primary': readableOn(primaryStrong),
    '--site-secondary': colors.secondary,
    '--site-secondary-strong': ensureContrast(colors.secondary, bg),
    '--site-background': bg,
    '--site-text': ensureContrast(colors.text, bg),
    '--site-muted': ensureContrast(colors.text, bg, 4.5),
    '--site-headings': ensureContrast(colors.headings, bg),
    '--site-font-heading': fontStack(fonts.heading),
    '--site-font-body': fontStack(fonts.body),
    '--site-container-padding': spacing.containerPadding,
    '--site-section-spacing': spacing.sectionSpacing,
  };
  return `:root{${Object.entries(vars)
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}body{background-color:var(--site-background);color:var(--site-text)}`;
}
