/**
 * The characters the site's own font files hold (scripts/subset-fonts.ts cuts them to this), which is
 * also their @font-face unicode-range in app.css: printable ASCII, Latin-1 (French accents, « », the
 * no-break space), Œ œ Ÿ, the thin and narrow no-break spaces French typography puts before ; : ! ?,
 * dashes, curly quotes, bullet, ellipsis, ‹ ›, €, ™, arrows and the minus sign. Any other character is
 * drawn in the next font of the stack.
 */
export const FONT_UNICODE_RANGE = [
  'U+0020-007E',
  'U+00A0-00FF',
  'U+0131',
  'U+0152-0153',
  'U+0178',
  'U+02C6',
  'U+02DC',
  'U+2009',
  'U+2013-2014',
  'U+2018-201A',
  'U+201C-201E',
  'U+2022',
  'U+2026',
  'U+202F',
  'U+2039-203A',
  'U+20AC',
  'U+2122',
  'U+2190-2193',
  'U+2212',
];
