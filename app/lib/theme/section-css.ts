import type { SectionName } from './model.ts';

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
