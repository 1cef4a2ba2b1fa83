import type { BrowserContext } from '@playwright/test';

import { signIn } from './support/auth.ts';
import { expectToast } from './support/content.ts';
import { expect, test } from './support/fixtures.ts';
import { bypassHtmlCache, postViews } from './support/site-data.ts';

// These tests change what every French page shows (the site name, a category's name), so the file's name puts it in
// playwright.config.ts's last serial project (…menus.spec.ts); each test puts back what it changed.
test.describe.configure({ mode: 'serial' });

const SCREENSHOTS = 'reports/screenshots';
const FRENCH_ARTICLE = '/fr/blog/premiers-pas-en-developpement-web';

async function frenchVisitor(context: BrowserContext, path: string) {
  await bypassHtmlCache(context);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

test('a French article’s view is counted at its French address, on the French translation', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  await bypassHtmlCache(context);
  const page = await context.newPage();
  const counted = page.waitForResponse((response) => response.url().endsWith('/view') && response.request().method() === 'POST');
  await page.goto(FRENCH_ARTICLE);
  const id = await page.locator('[data-view-url]').getAttribute('data-post-id');
  expect(id).toBeTruthy();
  const before = postViews(id!);
  const response = await counted;
  expect(response.status()).toBe(200);
  expect(response.url()).toContain('/blog/premiers-pas-en-developpement-web/view');
  // The count was read before the answer came back; the answer is the new count.
  expect(((await response.json()) as { views: number }).views).toBe(postViews(id!));
  expect(postViews(id!)).toBeGreaterThanOrEqual(before);
  await context.close();
});

test('Settings give the site name and tagline in French, and the post editor names a category in French', async ({ page, browser }) => {
  await signIn(page);
  await page.goto('/admin/settings');
  const general = page.getByRole('form', { name: 'General settings' });
  await general.getByLabel('Site Name (French)').fill('Atelier Paris');
  await general.getByLabel('Tagline (French)').fill('Des produits numériques, faits avec soin');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await general.getByRole('group', { name: 'In French' }).screenshot({ path: `${SCREENSHOTS}/settings-general-french-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await general.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Settings saved successfully');

  // A category named in French from an article's editor.
  // Found by searching: posts other tests add may push it off the first page.
  await page.goto('/admin/blog?q=Getting%20Started%20with%20Web%20Development');
  await page.getByRole('link', { name: 'Edit: Getting Started with Web Development' }).click();
  const names = page.locator('details', { hasText: 'Category names in French' });
  await names.locator('summary').click();
  const category = (await page.locator('input[name="categories"]:checked').first().locator('xpath=..').innerText()).trim();
  await names.getByLabel(`${category} in French`, { exact: true }).fill('Catégorie en français');
  await names.getByRole('button', { name: `Save ${category} in French` }).click();
  await expectToast(page, 'Category name saved');
  await names.screenshot({ path: `${SCREENSHOTS}/category-names-french.png` });

  const french = await browser.newContext({ locale: 'fr-FR' });
  const article = await frenchVisitor(french, FRENCH_ARTICLE);
  await expect(article.getByRole('list', { name: 'Catégories' }).first()).toContainText('Catégorie en français');
  await expect(article.locator('footer')).toContainText('Des produits numériques, faits avec soin');
  await expect(article.locator('footer')).toContainText('Atelier Paris');
  for (const width of [1280, 390]) {
    await article.setViewportSize({ width, height: 900 });
    await article.screenshot({ path: `${SCREENSHOTS}/french-article-${width}.png`, fullPage: true });
  }
  const english = await frenchVisitor(await browser.newContext({ locale: 'en-US' }), '/blog/getting-started-with-web-development');
  await expect(english.getByRole('list', { name: 'Categories' }).first()).toContainText(category);
  await expect(english.locator('footer')).not.toContainText('Atelier Paris');

  // Put back what the test changed.
  await names.getByLabel(`${category} in French`, { exact: true }).fill('');
  await names.getByRole('button', { name: `Save ${category} in French` }).click();
  await expectToast(page, 'Category name saved');
  await page.goto('/admin/settings');
  await general.getByLabel('Site Name (French)').fill('');
  await general.getByLabel('Tagline (French)').fill('');
  await general.getByRole('button', { name: 'Save Changes' }).click();
  // Saved: the form is shown again without a change to save, the French fields empty.
  await expect(general.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await page.reload();
  await expect(general.getByLabel('Site Name (French)')).toHaveValue('');
  await expect(general.getByLabel('Tagline (French)')).toHaveValue('');
  await french.close();
});
