import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { signIn } from './support/auth.ts';
import { uniqueTitle } from './support/content.ts';
import { expect, test } from './support/fixtures.ts';

const PAGES = ['/', '/blog', '/blog/getting-started-with-web-development', '/privacy-policy'];

/** axe's colour-contrast rule on the landing page, the blog, an article and a page, each shown in `themeId`. */
async function contrastProblems(page: Page, themeId: string): Promise<string[]> {
  const found: string[] = [];
  for (const path of PAGES) {
    await page.goto(`${path}?theme-preview=${themeId}`, { waitUntil: 'networkidle' });
    const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
    for (const violation of results.violations)
      for (const node of violation.nodes) found.push(`${path} ${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1] ?? ''}`);
  }
  return found;
}

test.use({ reducedMotion: 'reduce' });

for (const themeId of ['default', 'modern-dark']) {
  test(`every public page is readable in the seeded ${themeId} theme`, async ({ page }) => {
    test.slow();
    await signIn(page);
    expect(await contrastProblems(page, themeId)).toEqual([]);
  });
}

for (const preset of ['Default', 'Dark']) {
  test(`every public page is readable in a theme made from the ${preset} preset`, async ({ page }) => {
    test.slow();
    await signIn(page);
    await page.goto('/admin/themes/new');
    await page.getByLabel('Theme Name').fill(uniqueTitle(`Contrast ${preset}`));
    await page.getByRole('radio', { name: new RegExp(`^Preview of the ${preset} theme`) }).check();
    await page.getByRole('button', { name: 'Create Theme' }).click();
    await expect(page).toHaveURL(/\/admin\/themes\/[^/]+\/edit$/);
    const themeId = new URL(page.url()).pathname.split('/')[3]!;
    expect(await contrastProblems(page, themeId)).toEqual([]);
  });
}
