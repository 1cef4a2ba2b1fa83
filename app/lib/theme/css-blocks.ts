/**
 * Whether a browser reads `css`, placed inside an open block, as blocks that all close inside it: the
 * braces as the CSS Syntax spec's tokenizer sees them (comments, strings ended by a line break, escapes,
 * `url(` tokens and the remnants of a bad one), independent of the parser that checked the rules. A
 * construct left open at the end (a string, a comment, a bad url, a trailing backslash) would swallow
 * the closing brace that follows, so it fails too.
 */
export function closesInsideBlock(css: string): boolean {
  let depth = 0;
  let i = 0;
  const n = css.length;
  const at = (k: number) => css[k] ?? '';
  const isNewline = (c: string) => c === '\n' || c === '\r' || c === '\f';
  const validEscape = (k: number) => at(k) === '\\' && k + 1 < n && !isNewline(at(k + 1));
  const identStart = (c: string) => /[a-z_]/i.test(c) || c > '\u007f';
  const identChar = (c: string) => identStart(c) || /[\d-]/.test(c);
  const startsIdent = (k: number) =>
    at(k) === '-' ? identStart(at(k + 1)) || at(k + 1) === '-' || validEscape(k + 1) : identStart(at(k)) || validEscape(k);

  /** Consumes an ident sequence from `i` and answers its value with escapes decoded (enough to recognise `url`). */
  const ident = () => {
    let value = '';
    while (i < n) {
      if (validEscape(i)) {
        const hex = /^[\da-f]{1,6}\s?/i.exec(css.slice(i + 1, i + 8));
        value += hex ? String.fromCodePoint(Math.min(parseInt(hex[0], 16) || 0xfffd, 0x10ffff)) : at(i + 1);
        i += 1 + (hex ? hex[0].length : 1);
      } else if (identChar(at(i))) value += at(i++);
      else break;
    }
    return value;
  };
  /** Consumes a url token's rest after `url(`; false when it is left open at the end. */
  const url = () => {
    while (i < n && /\s/.test(at(i))) i++;
    while (i < n) {
      const c = at(i);
      if (c === ')') return ++i > 0;
      if (/\s/.test(c)) {
        while (i < n && /\s/.test(at(i))) i++;
        if (at(i) === ')') return ++i > 0;
        if (i >= n) return false;
        break;
      }
      if (c === '"' || c === "'" || c === '(' || (c === '\\' && !validEscape(i))) break;
      i += validEscape(i) ? 2 : 1;
    }
    // The remnants of a bad url: everything up to the next `)`, escapes included.
    while (i < n) {
      if (at(i) === ')') return ++i > 0;
      i += validEscape(i) ? 2 : 1;
    }
    return false;
  };

  while (i < n) {
    const c = at(i);
    if (c === '/' && at(i + 1) === '*') {
      const end = css.indexOf('*/', i + 2);
      if (end < 0) return false;
      i = end + 2;
    } else if (c === '"' || c === "'") {
      i++;
      while (i < n && at(i) !== c && !isNewline(at(i))) i += at(i) === '\\' ? 2 : 1;
      if (i >= n) return false;
      if (at(i) === c) i++;
    } else if ((c === '#' && (identChar(at(i + 1)) || validEscape(i + 1))) || (c === '@' && startsIdent(i + 1))) {
      // A hash or an at-keyword: its name is never a url.
      i++;
      ident();
    } else if (startsIdent(i)) {
      const name = ident();
      if (name.toLowerCase() === 'url' && at(i) === '(') {
        i++;
        let k = i;
        while (k < n && /\s/.test(at(k))) k++;
        if (at(k) !== '"' && at(k) !== "'" && !url()) return false;
      }
    } else if (/\d/.test(c)) {
      // A number and its unit: `1url(` is a dimension, not a url.
      while (i < n && /[\d.]/.test(at(i))) i++;
      if (startsIdent(i)) ident();
    } else if (c === '\\') {
      // Before a line break it escapes nothing; at the very end it would escape what follows the section's CSS.
      if (i + 1 >= n) return false;
      i++;
    } else {
      if (c === '{') depth++;
      if (c === '}' && --depth < 0) return false;
      i++;
    }
  }
  return depth === 0;
}
