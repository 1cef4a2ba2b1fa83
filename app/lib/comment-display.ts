/** "Ada Lovelace" → "AL", "ada" → "A", "" → "?": the generated avatar's letters (no third-party avatar service). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  const text = letters.map((word) => Array.from(word)[0]!.toUpperCase()).join('');
  return text || '?';
}

/** A stable hue per name, so the same author keeps the same avatar colour. */
export function avatarHue(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash % 360;
}

export type TextSegment = { text: string; href?: undefined } | { text: string; href: string };

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;

/**
 * A comment's text cut into plain text and links (http(s) and www. addresses), for rendering as text: nothing a
 * visitor writes becomes markup. Trailing punctuation stays outside the link.
 */
export function linkSegments(body: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of body.matchAll(LINK)) {
    let url = match[0];
    const trailing = /[.,;:!?)\]'’]+$/.exec(url)?.[0] ?? '';
    url = url.slice(0, url.length - trailing.length);
    const start = match.index;
    if (start > last) segments.push({ text: body.slice(last, start) });
    segments.push({ text: url, href: url.startsWith('www.') ? `https://${url}` : url });
    last = start + url.length;
  }
  if (last < body.length) segments.push({ text: body.slice(last) });
  return segments;
}
