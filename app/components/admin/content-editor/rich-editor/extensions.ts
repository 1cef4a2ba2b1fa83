import type { Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { Markdown } from '@tiptap/markdown';
import StarterKit from '@tiptap/starter-kit';

import { Embed } from './embed-node.ts';

/**
 * What the Content field can hold, each with its Markdown form (docs/decisions/025): what the public renderer
 * (marked + sanitize-html) shows. Underline and strike have no place in the site's Markdown, so they are left out.
 */
export function contentExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4] },
      underline: false,
      strike: false,
      link: { openOnClick: false, autolink: true, protocols: ['mailto', 'tel'] },
    }),
    Image.configure({ inline: false }),
    Embed,
    Markdown.configure({ markedOptions: { gfm: true } }),
  ];
}
