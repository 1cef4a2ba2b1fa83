import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';

import { boundedMemo } from '#app/lib/bounded-memo.ts';
import { EMBED_FRAME_HOSTS, embedPlayerFor } from '#app/lib/embeds.ts';

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'iframe'],
  allowedClasses: { div: ['site-embed'] },
  allowedAttributes: {
    iframe: ['src', 'title', 'loading', 'allow', 'allowfullscreen', 'referrerpolicy'],
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    code: ['class'],
    th: ['align'],
    td: ['align'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Images come from our own origin only: relative URLs, no scheme, no protocol-relative.
  allowedSchemesByTag: { img: [], iframe: ['https'] },
  // Frames only for the video players an embed names (app/lib/embeds.ts); any other iframe is dropped.
  allowedIframeHostnames: EMBED_FRAME_HOSTS.map((origin) => new URL(origin).hostname),
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return { tagName, attribs: external ? { ...attribs, rel: 'noopener noreferrer' } : attribs };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

/** A video page's address alone on its line (an embed, docs/decisions/025) as the video's player. */
function embedParagraph(token: Tokens.Paragraph): string | false {
  const only = token.tokens.length === 1 ? token.tokens[0] : undefined;
  if (only?.type !== 'link' || (only as Tokens.Link).text !== (only as Tokens.Link).href) return false;
  const player = embedPlayerFor((only as Tokens.Link).href);
  if (!player) return false;
  return `<div class="site-embed"><iframe src="${player}" title="Embedded video" loading="lazy" allow="fullscreen; picture-in-picture" allowfullscreen referrerpolicy="strict-origin-when-cross-origin"></iframe></div>\n`;
}

const markdown = new Marked({ gfm: true, renderer: { paragraph: embedParagraph } });

/**
 * Markdown written in the CMS as safe HTML: rendered by marked, then sanitized (no scripts, handlers
 * or remote images; frames only for embedded videos). Pages and posts both go through it. Remembered per text, so a page shown again is not parsed and sanitized again.
 */
export const renderMarkdown = boundedMemo((text: string): string => {
  const html = markdown.parse(text, { async: false });
  return sanitizeHtml(html, SANITIZE);
}, 64);
