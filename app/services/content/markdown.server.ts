import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

import { boundedMemo } from '#app/lib/bounded-memo.ts';

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    code: ['class'],
    th: ['align'],
    td: ['align'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Images come from our own origin only: relative URLs, no scheme, no protocol-relative.
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return { tagName, attribs: external ? { ...attribs, rel: 'noopener noreferrer' } : attribs };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

/**
 * Markdown written in the CMS as safe HTML: rendered by marked, then sanitized (no scripts, handlers
 * or remote images). Remembered per text, so a page shown again is not parsed and sanitized again.
 */
export const renderMarkdown = boundedMemo((markdown: string): string => {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeHtml(html, SANITIZE);
}, 64);
