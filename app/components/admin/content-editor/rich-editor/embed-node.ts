import { mergeAttributes, Node } from '@tiptap/core';

import { embedPlayerFor } from '#app/lib/embeds.ts';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    embed: { setEmbed: (src: string) => ReturnType };
  }
}

/**
 * A video embed: in Markdown, the video's address on a line of its own (app/lib/embeds.ts); in the editor, a
 * block naming the video (the admin loads no third-party player); on the public page, the player.
 */
export const Embed = Node.create({
  name: 'embed',
  group: 'block',
  atom: true,
  addAttributes: () => ({ src: { default: '' } }),
  parseHTML: () => [{ tag: 'div[data-embed]', getAttrs: (element) => ({ src: element.getAttribute('data-embed') ?? '' }) }],
  renderHTML: ({ node, HTMLAttributes }) => [
    'div',
    mergeAttributes(HTMLAttributes, {
      'data-embed': node.attrs.src,
      class: 'rich-editor-embed',
      'aria-label': `Embedded video: ${String(node.attrs.src)}`,
    }),
    `▶ Embedded video: ${String(node.attrs.src)}`,
  ],
  addCommands: () => ({
    setEmbed:
      (src) =>
      ({ commands }) =>
        embedPlayerFor(src) ? commands.insertContent({ type: 'embed', attrs: { src: src.trim() } }) : false,
  }),
  markdownTokenizer: {
    name: 'embed',
    level: 'block',
    start: (src) => src.search(/^https:\/\//m),
    tokenize: (src) => {
      const line = /^(https:\/\/\S+)[ \t]*(?:\n|$)/.exec(src);
      if (!line || !embedPlayerFor(line[1]!)) return undefined;
      return { type: 'embed', raw: line[0], src: line[1] };
    },
  },
  parseMarkdown: (token) => ({ type: 'embed', attrs: { src: String(token.src ?? '') } }),
  renderMarkdown: (node) => String(node.attrs?.src ?? ''),
});
