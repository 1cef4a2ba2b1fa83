import AxeBuilder from '@axe-core/playwright';

import { expect, test } from './support/fixtures.ts';

const PAGES = ['/', '/blog', '/blog/getting-started-with-web-development', '/privacy-policy', '/?lng=fr'];
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
];

for (const viewport of VIEWPORTS) {
  test.describe(`axe at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height }, reducedMotion: 'reduce' });
    for (const path of PAGES) {
      test(`${path} has no accessibility violations`, async ({ page }) => {
        await page.goto(path, { waitUntil: 'networkidle' });
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }
  });
}

test.describe('axe with the mobile menu open', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the open menu has no accessibility violations', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    const results = await new AxeBuilder({ page }).include('header').analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
