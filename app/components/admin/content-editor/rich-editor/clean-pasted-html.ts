/**
 * HTML pasted from Word or Google Docs, reduced to the structure the editor keeps (docs/decisions/025): the
 * editor's schema then drops every style, class and unknown tag, and the content is stored as the same Markdown
 * as anything typed. What the schema cannot tell on its own is undone here: Google Docs wraps everything in a
 * `<b style="font-weight:normal">` and writes bold and italic as styled spans; Word writes lists as paragraphs
 * with a hidden bullet, and adds conditional comments, `<o:p>` and style blocks.
 */
export function cleanPastedHtml(html: string): string {
  const out = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(style|script|xml|title)\b[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<(meta|link)\b[^>]*>/gi, '')
    .replace(/<\/?o:p[^>]*>/gi, '')
    .replace(/<b\b[^>]*id="docs-internal-guid[^"]*"[^>]*>([\s\S]*)<\/b>/i, '$1');
  return wordLists(out).replace(/<span\b([^>]*)>([\s\S]*?)<\/span>/gi, (_match, attributes: string, inner: string) =>
    styled(attributes, inner),
  );
}

/** A Google Docs span: its bold and italic as tags, everything else dropped. */
function styled(attributes: string, inner: string): string {
  const style = /style\s*=\s*(["'])([\s\S]*?)\1/i.exec(attributes)?.[2] ?? '';
  let text = inner;
  if (/font-weight\s*:\s*(bold|[6-9]00)/i.test(style)) text = `<strong>${text}</strong>`;
  if (/font-style\s*:\s*italic/i.test(style)) text = `<em>${text}</em>`;
  return text;
}

const WORD_LIST_ITEM = /<p\b[^>]*class=["']?MsoListParagraph\w*["']?[^>]*>([\s\S]*?)<\/p>/gi;
const WORD_LIST_RUN = /(?:<p\b[^>]*class=["']?MsoListParagraph\w*["']?[^>]*>[\s\S]*?<\/p>\s*)+/gi;
/** Word's hidden list marker ("1." or a bullet, then spaces in a span of their own). */
const WORD_MARKER = /<span\b[^>]*mso-list\s*:\s*ignore[^>]*>((?:[^<]|<span\b[^>]*>[^<]*<\/span>)*)<\/span>/i;

/** Word's list paragraphs in a row become one list: numbered when Word's hidden marker is a number. */
function wordLists(html: string): string {
  return html.replace(WORD_LIST_RUN, (run) => {
    const marker =
      WORD_MARKER.exec(run)?.[1]
        ?.replace(/<[^>]*>|&nbsp;/g, '')
        .trim() ?? '';
    const tag = /^\(?[0-9a-z]{1,3}[.)]$/i.test(marker) ? 'ol' : 'ul';
    const items = [...run.matchAll(WORD_LIST_ITEM)].map((item) => `<li>${item[1]!.replace(WORD_MARKER, '').trim()}</li>`);
    return `<${tag}>${items.join('')}</${tag}>`;
  });
}
