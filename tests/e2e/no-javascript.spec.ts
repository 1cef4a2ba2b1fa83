import { readFileSync } from 'node:fs';

import { expect, test } from './support/fixtures.ts';
import { asVisitor } from './support/site-data.ts';

// Public pages are server-rendered HTML; scripts only enhance them. A visitor without JavaScript
// walks the whole site: landing, blog, an article, the language switch and the contact form.
const fr = JSON.parse(readFileSync('app/i18n/fr.json', 'utf8')) as {
  contact: { errors: { email: string }; success: string };
  blog: { backToBlog: string };
};
const ARTICLE = '/blog/getting-started-with-web-development';

test.use({ javaScriptEnabled: false, extraHTTPHeaders: asVisitor() });

test('landing → blog → article → language switch → contact form, with JavaScript disabled', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#services')).toBeVisible();
  // Without the script, the browser lays out what is under the first screen as it comes near.
  expect(await page.locator('[data-section="services"]').evaluate((element) => getComputedStyle(element).contentVisibility)).toBe('auto');

  await page.locator('header').getByRole('link', { name: 'Blog', exact: true }).first().click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Latest Articles');

  // Posts other tests publish push the seeded article off the first page: the blog's search finds it.
  await page.goto('/blog?q=Getting+Started+with+Web+Development');
  await page.locator(`main a[href="${ARTICLE}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${ARTICLE}$`));
  await expect(page.getByTestId('post-views')).toBeVisible();

  // The switcher goes to the article's French translation, at its own address (decision 030).
  await page.getByTestId('language-switcher').click();
  await expect(page).toHaveURL(/\/fr\/blog\/premiers-pas-en-developpement-web$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('link', { name: fr.blog.backToBlog })).toBeVisible();

  await page.goto('/fr#contact');
  const form = page.locator('#contact form');
  await form.locator('[name="firstName"]').fill('Grace');
  await form.locator('[name="lastName"]').fill('Hopper');
  await form.locator('[name="email"]').fill('not-an-address');
  await form.locator('[name="subject"]').fill('Sans JavaScript');
  await form.locator('[name="message"]').fill('Bonjour, sans aucun script.');
  await form.locator('button[type="submit"]').click();
  // The server's answer, in French, opens at the form with what was typed kept.
  await expect(page).toHaveURL(/\/fr#contact$/);
  await expect(page.getByText(fr.contact.errors.email)).toBeVisible();
  await expect(form.locator('[name="firstName"]')).toHaveValue('Grace');
  await form.locator('[name="email"]').fill('grace.nojs@example.com');
  await form.locator('button[type="submit"]').click();
  await expect(page.getByRole('status')).toHaveText(fr.contact.success);
});

test('on a phone without JavaScript the menu button still opens the menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/blog');
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeHidden();
  await page.locator('[data-menu-toggle]').click();
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/#about$/);
});
