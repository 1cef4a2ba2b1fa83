import { expect, type Page, test } from '@playwright/test';
import fc from 'fast-check';

import { completeTheme } from '#app/lib/theme/schema.ts';
import { themeSectionsCss } from '#app/lib/theme/stylesheet.ts';
import { sectionCss } from '#tests/support/section-css-arbitrary.ts';

// A section's CSS as the server serves it (the stylesheet at /theme/{id}/{version}/sections.css, or inline in a
// preview), read by the browser itself: nothing in it may style what lies outside its section.

const PAGE = `<!doctype html><html><head></head><body>
<header id="before">Before</header>
<div data-section="hero"><h1>Hero</h1><p class="x">One</p><p>Two</p></div>
<footer id="after"><p>After</p></footer>
</body></html>`;

const served = (css: string) => themeSectionsCss(completeTheme({ sections: { hero: { css } } }).sections);

/** Each stylesheet's top-level rules as the browser parsed them, and the computed style of everything outside the section. */
async function readInBrowser(page: Page, sheets: string[]) {
  await page.setContent(PAGE);
  return page.evaluate((texts) => {
    // The section's ancestors grow with what it holds: their sizes (and the origins taken from them) may change.
    const SIZED = /^(?:block-size|height|inline-size|width|perspective-origin|transform-origin)$/;
    const outside = () =>
      [...document.querySelectorAll('html, body, #before, #after, #after p')].map((element) => {
        const style = getComputedStyle(element);
        const ancestor = element.contains(document.querySelector('[data-section]'));
        return [...style]
          .filter((property) => !(ancestor && SIZED.test(property)))
          .map((property) => `${property}:${style.getPropertyValue(property)}`)
          .join(';');
      });
    const baseline = outside();
    const parsed = texts.map((text) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
      return [...sheet.cssRules].map((rule) => (rule instanceof CSSScopeRule ? `scope ${rule.start}` : rule.cssText.slice(0, 60)));
    });
    const sheets = texts.map((text) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
      return sheet;
    });
    document.adoptedStyleSheets = sheets;
    const changed = outside()
      .map((after, i) => {
        const before = new Set(baseline[i]!.split(';'));
        return after.split(';').filter((declaration) => !before.has(declaration));
      })
      .filter((declarations) => declarations.length > 0);
    const hero = getComputedStyle(document.querySelector('[data-section="hero"] h1')!).color;
    return { parsed, changed, hero };
  }, sheets);
}

test("the review's attacks: a section's CSS reaches nothing outside its section", async ({ page }) => {
  const attacks = [
    '& ~ * { display: none }',
    '+ footer { display: none }',
    ':root:has(&) #after { display: none } h1 { color: rgb(1, 2, 3) }',
    '.x { & ~ p, & ~ * ~ #after { color: red } }',
    'h1{background:url(a{)}} body{display:none} h1{color:red}',
    '@\\69mport url(https://evil.example/x.css); body { display: none }',
  ];
  const result = await readInBrowser(page, attacks.map(served));
  expect(result.changed).toEqual([]);
  // What a section may do, it still does.
  expect(result.hero).toBe('rgb(1, 2, 3)');
  for (const rules of result.parsed)
    expect(rules.length === 0 || (rules.length === 1 && rules[0] === 'scope [data-section="hero"]')).toBe(true);
});

test('500 generated stylesheets: each is one @scope rule for its section in the browser, and none styles the page outside it', async ({
  page,
}) => {
  const sheets = fc.sample(sectionCss, { numRuns: 500, seed: 2026 }).map(served).filter(Boolean);
  // Much of it is refused; enough is served to mean something.
  expect(sheets.length).toBeGreaterThan(100);
  const result = await readInBrowser(page, sheets);
  for (const rules of result.parsed) expect(rules).toEqual(['scope [data-section="hero"]']);
  expect(result.changed).toEqual([]);
});
