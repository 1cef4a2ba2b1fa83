import TurndownService from 'turndown';

/**
 * WordPress content (block or classic markup, with shortcodes) as Atelier's Markdown (decision 033). Turndown turns
 * the HTML into Markdown; before that, the shortcodes WordPress itself knows become their HTML equivalent (caption →
 * a figure with its caption, gallery → its images, embed → the address alone on its line, which the renderer plays
 * as a video), classic content gets its paragraphs (WordPress's `wpautop`), and every image or file of the old site
 * points at its imported media item. Whatever has no equivalent stays visible as text and is named in the notes.
 */

export interface MediaLookup {
  /** The new address of an old upload's address (any of its sizes), or null when it was not imported. */
  urlFor(oldUrl: string): string | null;
  /** An attachment by WordPress id (galleries name their images so). */
  attachment(id: string): { url: string; alt: string; caption: string } | null;
  /** The attachments whose parent is `postId` (a gallery without ids shows them). */
  attachedTo(postId: string): { url: string; alt: string; caption: string }[];
}

export interface Converted {
  markdown: string;
  /** What had no equivalent and stayed as text, or could not be linked (shown in the report). */
  notes: string[];
}

const KNOWN = new Set(['caption', 'wp_caption', 'gallery', 'embed', 'audio', 'video', 'playlist']);
const BLOCK_TAGS =
  /^<\/?(?:p|div|figure|figcaption|ul|ol|li|h[1-6]|blockquote|pre|table|thead|tbody|tr|td|th|hr|section|address|dl|dd|dt|form|iframe|!--)/i;

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function attributes(text: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of text.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+))/g))
    found[match[1]!.toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
  return found;
}

/** WordPress's `wpautop`, in short: blank lines part paragraphs, single line breaks inside one become <br>. */
function autoParagraphs(html: string): string {
  return html
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => (BLOCK_TAGS.test(chunk) ? chunk : `<p>${chunk.replace(/\n/g, '<br>\n')}</p>`))
    .join('\n\n');
}

function figure(image: { url: string; alt: string; caption: string }): string {
  const caption = image.caption ? `<figcaption>${escapeHtml(image.caption)}</figcaption>` : '';
  return `<figure><img data-imported src="${escapeHtml(image.url)}" alt="${escapeHtml(image.alt)}">${caption}</figure>`;
}

/** The known shortcodes as HTML; unknown ones are left as written (and noted). */
function expandShortcodes(html: string, postId: string, media: MediaLookup, notes: string[]): string {
  let out = html.replace(/\[(caption|wp_caption)([^\]]*)\]([\s\S]*?)\[\/\1\]/gi, (_all, _name: string, attrs: string, inner: string) => {
    const caption = attributes(attrs).caption ?? inner.replace(/<a\b[^>]*>[\s\S]*?<\/a>|<img\b[^>]*>/gi, '').trim();
    const image = /<a\b[^>]*>\s*<img\b[^>]*>\s*<\/a>|<img\b[^>]*>/i.exec(inner)?.[0] ?? '';
    return `<figure>${image}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
  });
  out = out.replace(
    /\[embed([^\]]*)\]([\s\S]*?)\[\/embed\]/gi,
    (_all, _attrs: string, url: string) => `<div data-embed="${escapeHtml(url.trim())}">${escapeHtml(url.trim())}</div>`,
  );
  out = out.replace(/\[(video|audio)([^\]]*)\](?:\s*\[\/\1\])?/gi, (all, _name: string, attrs: string) => {
    const values = attributes(attrs);
    const source = values.src ?? values.mp4 ?? values.mp3 ?? values.webm ?? values.ogg ?? '';
    return source ? `<p><a href="${escapeHtml(source)}">${escapeHtml(source)}</a></p>` : all;
  });
  out = out.replace(/\[gallery([^\]]*)\]/gi, (all, attrs: string) => {
    const values = attributes(attrs);
    const ids = (values.ids ?? values.include ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    const images = ids.length ? ids.map((id) => media.attachment(id)) : media.attachedTo(postId);
    const missing = ids.filter((_id, index) => !images[index]);
    if (missing.length) notes.push(`gallery image(s) ${missing.join(', ')} not imported`);
    const found = images.filter((image) => image !== null);
    if (!found.length) {
      notes.push(`shortcode ${all} kept as text (no image of it was imported)`);
      return all;
    }
    return found.map(figure).join('\n\n');
  });
  for (const match of out.matchAll(/\[(\/?)([a-zA-Z][\w-]*)(\s[^\]]*)?\]/g)) {
    if (match[1] || KNOWN.has(match[2]!.toLowerCase())) continue;
    notes.push(`shortcode [${match[2]}] kept as text`);
  }
  return out;
}

function makeTurndown(media: MediaLookup, notes: string[]): TurndownService {
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
  turndown.remove(['script', 'style', 'noscript']);
  const imageMarkdown = (node: HTMLElement): string => {
    const src = node.getAttribute('src') ?? '';
    const alt = (node.getAttribute('alt') ?? '').replace(/[[\]\\]/g, '');
    const url = node.hasAttribute('data-imported') ? src : media.urlFor(src);
    if (url) return `![${alt}](${url})`;
    if (!src) return '';
    // Images are only shown from this site: one not imported stays a visible link to where it was.
    notes.push(`image ${src} not imported, kept as a link`);
    return `[${alt || 'Image'}](${src})`;
  };
  turndown.addRule('embed', {
    filter: (node) =>
      (node.nodeName === 'DIV' && node.hasAttribute('data-embed')) ||
      (node.nodeName === 'FIGURE' && /\bwp-block-embed\b/.test(node.className)),
    replacement: (_content, node) => {
      const element = node as HTMLElement;
      const url = element.getAttribute('data-embed') ?? element.textContent?.trim() ?? '';
      return url ? `\n\n${url}\n\n` : '';
    },
  });
  turndown.addRule('figure', {
    filter: (node) => node.nodeName === 'FIGURE' && !!node.querySelector('img') && !node.querySelector('figure'),
    replacement: (_content, node) => {
      const element = node as HTMLElement;
      const image = imageMarkdown(element.querySelector('img')!);
      const caption = element.querySelector('figcaption')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      return `\n\n${image}${caption ? `\n*${caption.replace(/\*/g, '\\*')}*` : ''}\n\n`;
    },
  });
  turndown.addRule('image', { filter: 'img', replacement: (_content, node) => imageMarkdown(node as HTMLElement) });
  turndown.addRule('uploadLink', {
    filter: (node) => node.nodeName === 'A' && !!media.urlFor(node.getAttribute('href') ?? ''),
    replacement: (content, node) => `[${content}](${media.urlFor((node as HTMLElement).getAttribute('href')!)})`,
  });
  turndown.addRule('iframe', {
    filter: 'iframe',
    replacement: (_content, node) => {
      const src = (node as HTMLElement).getAttribute('src') ?? '';
      if (src) notes.push(`embedded frame ${src} kept as a link`);
      return src ? `\n\n[Embedded content](${src})\n\n` : '';
    },
  });
  return turndown;
}

/** Converts one post's or page's content. `postId` is its WordPress id (for a gallery of its attached images). */
export function wordpressToMarkdown(html: string, postId: string, media: MediaLookup): Converted {
  const notes: string[] = [];
  const blocks = /<!--\s*wp:/.test(html);
  let prepared = expandShortcodes(html, postId, media, notes);
  if (!blocks) prepared = autoParagraphs(prepared);
  else prepared = prepared.replace(/<!--[\s\S]*?-->/g, '');
  const markdown = makeTurndown(media, notes)
    .turndown(prepared)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { markdown, notes: [...new Set(notes)] };
}

/** An excerpt or a comment as plain text: tags dropped, entities read, spaces tidied. */
export function plainText(html: string): string {
  const turndown = new TurndownService();
  turndown.escape = (value: string) => value;
  turndown.addRule('plain', { filter: ['a', 'strong', 'b', 'em', 'i', 'code', 'span'], replacement: (content) => content });
  return turndown
    .turndown(html.replace(/\r\n?/g, '\n').replace(/\n/g, '<br>'))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
