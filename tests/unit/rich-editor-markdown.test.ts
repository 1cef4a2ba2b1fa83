import { MarkdownManager } from '@tiptap/markdown';
import { describe, expect, it } from 'vitest';

import { cleanPastedHtml } from '#app/components/admin/content-editor/rich-editor/clean-pasted-html.ts';
import { contentExtensions } from '#app/components/admin/content-editor/rich-editor/extensions.ts';
import { embedPlayerFor } from '#app/lib/embeds.ts';
import { renderMarkdown } from '#app/services/content/markdown.server.ts';

// The rich editor stores Markdown (docs/decisions/025): each toolbar element is read into the editor's own
// node or mark and written back as the same Markdown, and the public renderer shows it as that element.
const markdown = new MarkdownManager({ extensions: contentExtensions() });
const roundTrip = (text: string) => markdown.serialize(markdown.parse(text));

const TOOLBAR: { tool: string; source: string; node: string; html: RegExp }[] = [
  { tool: 'Heading 2', source: '## A heading', node: 'heading', html: /<h2>A heading<\/h2>/ },
  { tool: 'Heading 3', source: '### A smaller heading', node: 'heading', html: /<h3>A smaller heading<\/h3>/ },
  { tool: 'Bold', source: 'Some **bold** words', node: 'bold', html: /<strong>bold<\/strong>/ },
  { tool: 'Italic', source: 'Some *leaning* words', node: 'italic', html: /<em>leaning<\/em>/ },
  { tool: 'Link', source: 'Read [the policy](/privacy-policy)', node: 'link', html: /<a href="\/privacy-policy">the policy<\/a>/ },
  { tool: 'Bulleted list', source: '- one\n- two', node: 'bulletList', html: /<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/ },
  { tool: 'Numbered list', source: '1. first\n2. second', node: 'orderedList', html: /<ol>\s*<li>first<\/li>\s*<li>second<\/li>\s*<\/ol>/ },
  { tool: 'Quote', source: '> Well said', node: 'blockquote', html: /<blockquote>\s*<p>Well said<\/p>\s*<\/blockquote>/ },
  { tool: 'Code', source: 'Run `npm test` now', node: 'code', html: /<code>npm test<\/code>/ },
  { tool: 'Code block', source: '```\nconst a = 1;\n```', node: 'codeBlock', html: /<pre><code>const a = 1;\n<\/code><\/pre>/ },
  { tool: 'Horizontal rule', source: 'Above\n\n---\n\nBelow', node: 'horizontalRule', html: /<hr \/>/ },
  {
    tool: 'Image',
    source: '![Our team](/media/seed/team-photo.jpg)',
    node: 'image',
    html: /<img src="\/media\/seed\/team-photo.jpg" alt="Our team" loading="lazy" \/>/,
  },
  {
    tool: 'Embed video',
    source: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    node: 'embed',
    html: /<div class="site-embed"><iframe src="https:\/\/www.youtube-nocookie.com\/embed\/dQw4w9WgXcQ" title="Embedded video"/,
  },
];

function kinds(node: { type?: string; marks?: { type: string }[]; content?: unknown[] }): string[] {
  return [
    node.type ?? '',
    ...(node.marks ?? []).map((mark) => mark.type),
    ...(node.content ?? []).flatMap((child) => kinds(child as never)),
  ];
}

describe('the rich editor and Markdown', () => {
  it.each(TOOLBAR)('$tool: read as its own element, written back as the same Markdown, rendered publicly', ({ source, node, html }) => {
    expect(kinds(markdown.parse(source))).toContain(node);
    expect(roundTrip(source)).toBe(source);
    expect(renderMarkdown(source)).toMatch(html);
  });

  it('keeps every element of a whole document through a round trip', () => {
    const document = TOOLBAR.map((element) => element.source).join('\n\n');
    expect(roundTrip(document)).toBe(document);
    expect(roundTrip(roundTrip(document))).toBe(document);
  });

  it('keeps plain paragraphs as paragraphs', () => {
    expect(roundTrip('First paragraph.\n\nSecond paragraph.')).toBe('First paragraph.\n\nSecond paragraph.');
    expect(renderMarkdown('First paragraph.\n\nSecond paragraph.')).toBe('<p>First paragraph.</p>\n<p>Second paragraph.</p>\n');
  });

  it('embeds only YouTube and Vimeo videos, and only through their players', () => {
    expect(embedPlayerFor('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(embedPlayerFor('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    for (const other of [
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://evil.example/watch?v=dQw4w9WgXcQ',
      'https://vimeo.com/channels/x',
    ])
      expect(embedPlayerFor(other)).toBeNull();
    // A link with its own text, or an address inside a sentence, stays a link.
    expect(renderMarkdown('[Watch](https://www.youtube.com/watch?v=dQw4w9WgXcQ)')).not.toContain('<iframe');
    expect(renderMarkdown('See https://www.youtube.com/watch?v=dQw4w9WgXcQ here')).not.toContain('<iframe');
    expect(kinds(markdown.parse('https://example.com/page'))).not.toContain('embed');
  });

  it('drops frames written by hand, whatever their source', () => {
    const html = renderMarkdown(
      '<iframe src="https://evil.example/x"></iframe>\n\n<iframe src="javascript:alert(1)"></iframe>\n\n<div class="site-embed"><iframe src="https://www.youtube-nocookie.com/embed/x" onload="alert(1)"></iframe></div>',
    );
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('onload');
  });
});

describe('pasting from Word and Google Docs', () => {
  it('unwraps Google Docs bold wrapper and turns its styled spans into bold and italic', () => {
    const pasted =
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-42"><p><span style="font-weight:700">Strong</span><span style="font-weight:400"> and </span><span style="font-style:italic">slanted</span></p></b>';
    expect(cleanPastedHtml(pasted)).toBe('<p><strong>Strong</strong> and <em>slanted</em></p>');
  });

  it("turns Word's list paragraphs into lists and drops its comments, styles and o:p tags", () => {
    const item = (marker: string, text: string, position: string) =>
      `<p class=MsoListParagraphCx${position} style='mso-list:l0 level1 lfo1'><span style='mso-list:Ignore'>${marker}<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span>${text}<o:p></o:p></p>`;
    const word = `<style>p{}</style><!--[if gte mso 9]><xml>x</xml><![endif]--><p class=MsoNormal><b>Title</b><o:p></o:p></p>${item('1.', 'First', 'SpFirst')}${item('2.', 'Second', 'SpLast')}`;
    expect(cleanPastedHtml(word)).toBe('<p class=MsoNormal><b>Title</b></p><ol><li>First</li><li>Second</li></ol>');
    expect(cleanPastedHtml(item('·', 'Bullet', 'SpFirst'))).toBe('<ul><li>Bullet</li></ul>');
  });
});
