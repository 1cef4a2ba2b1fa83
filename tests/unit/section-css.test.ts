import fc from 'fast-check';
import { parse } from 'postcss';
import { describe, expect, it } from 'vitest';

import { closesInsideBlock } from '#app/lib/theme/css-blocks.ts';
import { completeTheme } from '#app/lib/theme/schema.ts';
import { readSectionCss, scopedSectionCss, sectionCssProblem } from '#app/lib/theme/section-css.ts';
import { themeSectionsCss } from '#app/lib/theme/stylesheet.ts';
import { sectionCss } from '#tests/support/section-css-arbitrary.ts';

/** The attacks of the second security review (docs/security.md, second review, 15) and their kin. */
const LEAVES_ITS_SECTION = [
  // A browser reads `url(a{)` as one token, so the `}` after it closes the section's block.
  'h1{background:url(a{)}} body{display:none} h1{color:red}',
  'x{background:url(a{)}} body{display:none}',
  // The same with the url spelled with an escape, which a browser still reads as a url token.
  'a{b:u\\72l(a "b)" c)} body{display:none} a{b:")"}',
  // A line break ends a string for a browser, not for a lenient parser.
  'a{content:"x\n}} body{display:none} a{content:"}',
  // A backslash before the brace a serializer adds escapes it.
  'h2\\ {color:red} } body{display:none} h2{',
  '} body { display: none } {',
];
const LOADS_OR_NAMES = [
  '@\\69mport url(https://evil.example/x.css);',
  '@import url(https://evil.example/x.css);',
  '@IMPORT "x.css";',
  '@charset "utf-8";',
  '@namespace svg url(http://www.w3.org/2000/svg);',
  '@font-face { font-family: x; src: url(https://evil.example/f.woff2) }',
  '@keyframes spin { to { transform: rotate(1turn) } }',
  '@layer base { h2 { color: red } }',
  '@container (min-width: 1px) { h2 { color: red } }',
  '@scope (body) { * { display: none } }',
  'h2 { @page { margin: 0 } }',
];

describe('section CSS read with a CSS parser', () => {
  it.each(LEAVES_ITS_SECTION)('refuses CSS that would leave its section: %j', (css) => {
    expect(sectionCssProblem(css)).not.toBeNull();
    expect(scopedSectionCss('hero', css)).toBe('');
  });

  it.each(LOADS_OR_NAMES)('refuses every at-rule but @media and @supports: %j', (css) => {
    expect(sectionCssProblem(css)).toMatch(/may use only the at-rules @media and @supports/);
  });

  it('keeps what a section may say: rules, nesting, bare declarations, @media and @supports, escapes in selectors', () => {
    const css = `color: red; /* a note */
h2 { letter-spacing: 3px; & span { color: blue } }
@media (min-width: 40rem) { padding: 2rem; .sm\\:px-6 { padding-inline: 1.5rem } }
@supports (display: grid) { ul { display: grid; grid-template-areas: "a b" "c d" } }
a { background: url("/media/a.png") no-repeat, url(/media/b.png); content: "}" }`;
    expect(readSectionCss(css)).toMatchObject({ ok: false }); // a brace inside a string is refused too…
    const allowed = css.replace('content: "}"', 'content: "→"');
    const read = readSectionCss(allowed);
    expect(read.ok).toBe(true);
    const scoped = scopedSectionCss('hero', allowed);
    expect(scoped).toMatch(/^@scope \(\[data-section="hero"\]\)\{:scope\{color:red;h2\{/);
    expect(scoped).not.toContain('a note');
    expect(scoped).toContain('@media (min-width: 40rem){padding:2rem;.sm\\:px-6{padding-inline:1.5rem;}}');
  });

  it('serves every section inside one @scope rule of its own, whatever the CSS (generated)', () => {
    let served = 0;
    fc.assert(
      fc.property(sectionCss, (css) => {
        const scoped = scopedSectionCss('about', css);
        if (!scoped) return;
        served++;
        // One top-level node, the section's @scope, whose body a browser's tokenizer closes where we do.
        const root = parse(scoped);
        expect(root.nodes).toHaveLength(1);
        expect(root.first).toMatchObject({ type: 'atrule', name: 'scope', params: '([data-section="about"])' });
        expect(closesInsideBlock(scoped.slice(scoped.indexOf('{') + 1, -1))).toBe(true);
      }),
      { numRuns: 3000 },
    );
    expect(served).toBeGreaterThan(500);
  });

  it('a theme with one bad section still serves the others', () => {
    const theme = completeTheme({
      sections: { hero: { css: '@\\69mport url(x.css); h1 { color: red }' }, about: { css: 'h2 { color: blue }' } },
    });
    const css = themeSectionsCss(theme.sections);
    expect(css).not.toContain('mport');
    expect(css).toContain('@scope ([data-section="about"]){:scope{h2{color:blue;}}}');
  });
});

describe('how a browser reads the braces', () => {
  it.each([
    ['a{b:c}', true],
    ['a{b:url(x{)}', true],
    ['a{b:url(x{)}}', false],
    ['a{b:"}"}', true],
    ['a{b:"x\n}"}', false],
    ['a{b:c}\\', false],
    ['a{b:u\\72l(x y)}', true],
    ['a{b:u\\72l(x "y)" z)}', false],
    ['a{b:#url(x "y)" z)}', true],
    ['/* } */', true],
    ['/* }', false],
  ])('%j closes inside its block: %s', (css, expected) => {
    expect(closesInsideBlock(css)).toBe(expected);
  });
});
