import fc from 'fast-check';

/**
 * Section CSS for property tests: rules and declarations that a section may hold, laced with the
 * fragments that attacks on scoping use (braces inside url() and strings, escapes spelling `url` or
 * `@import`, line breaks in strings, selectors that reach past the section).
 */
const hostile = fc.constantFrom(
  'url(a{)',
  'u\\72l(a "b)"',
  '"x\n',
  "'",
  '\\',
  '/*',
  '*/',
  '}',
  '{',
  ')',
  '(',
  '@\\69mport x;',
  '@import "x.css";',
  '& ~ *',
  '+ p',
  ':root:has(&) #after',
  '#after',
  '@media (min-width: 1px) {',
  '@supports (display: grid) {',
);
const value = fc
  .array(
    fc.oneof(hostile, { arbitrary: fc.constantFrom('red', 'none', '1px', 'url(/a.png)', '"s"', 'var(--theme-primary-color)'), weight: 4 }),
    {
      minLength: 1,
      maxLength: 3,
    },
  )
  .map((parts) => parts.join(' '));
const declaration = fc.tuple(fc.constantFrom('color', 'display', 'background', '--x'), value).map(([p, v]) => `${p}: ${v};`);
const selector = fc
  .array(fc.oneof(hostile, { arbitrary: fc.constantFrom('h1', 'p', '.x', '&', '#after', '*', 'body', ':root', '& ~', '+'), weight: 4 }), {
    minLength: 1,
    maxLength: 3,
  })
  .map((parts) => parts.join(' '));
const rule = fc.tuple(selector, fc.array(declaration, { maxLength: 3 })).map(([s, ds]) => `${s} { ${ds.join(' ')} }`);
const atRule = fc
  .tuple(fc.constantFrom('@media (min-width: 1px)', '@supports (display: grid)'), fc.array(fc.oneof(rule, declaration), { maxLength: 2 }))
  .map(([head, body]) => `${head} { ${body.join(' ')} }`);

export const sectionCss = fc
  .array(fc.oneof({ arbitrary: rule, weight: 4 }, { arbitrary: declaration, weight: 2 }, atRule, hostile), { maxLength: 6 })
  .map((parts) => parts.join('\n'));
