import Mustache from 'mustache';
import sanitizeHtml from 'sanitize-html';

import { boundedMemo } from '#app/lib/bounded-memo.ts';
import type { SectionName, ThemeSections } from '#app/lib/theme/model.ts';

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'picture',
    'source',
    'figure',
    'figcaption',
    'section',
    'header',
    'footer',
    'nav',
    'main',
    'article',
    'aside',
    'span',
    'small',
    'button',
  ],
  // Classes and ids for the section's CSS, ARIA for accessibility; no style attributes, no event handlers.
  allowedAttributes: {
    '*': ['class', 'id', 'role', 'aria-label', 'aria-hidden', 'aria-labelledby', 'aria-describedby', 'title', 'lang', 'dir'],
    a: ['href', 'rel', 'target', 'hreflang'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding'],
    source: ['srcset', 'sizes', 'type', 'media'],
    button: ['type'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], source: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return { tagName, attribs: external ? { ...attribs, rel: 'noopener noreferrer' } : attribs };
    },
  },
};

/** Why a section template cannot be rendered (an unclosed `{{#items}}`…), or null. */
export function templateProblem(template: string): string | null {
  try {
    Mustache.parse(template);
    return null;
  } catch (error) {
    return `is not a valid template: ${error instanceof Error ? error.message.split('\n')[0] : 'unreadable'}`;
  }
}

/**
 * A section's HTML: a logic-less Mustache template over the section's content, rendered on the
 * server and then sanitized, so neither the template nor the content can run code. No partials.
 */
export function renderSectionHtml(template: string, view: object): string {
  let html: string;
  try {
    html = Mustache.render(template, view, {});
  } catch {
    return '';
  }
  return sanitizedSectionHtml(html);
}

// Sanitizing is the costly part; a section rendered again over unchanged content gives the same HTML.
const sanitizedSectionHtml = boundedMemo((html: string) => sanitizeHtml(html, SANITIZE));

/**
 * The sections among `names` whose theme HTML is set, rendered over their content (`views`); a
 * section left out keeps its built-in markup.
 */
export function renderThemeSections(
  sections: ThemeSections,
  names: readonly SectionName[],
  views: Partial<Record<SectionName, object>>,
): Partial<Record<SectionName, string>> {
  const html: Partial<Record<SectionName, string>> = {};
  for (const name of names) {
    const template = sections[name].html;
    if (template.trim()) html[name] = renderSectionHtml(template, views[name] ?? {});
  }
  return html;
}
