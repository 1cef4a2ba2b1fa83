import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/auth.ts';
import { createPost, unique } from './support/site-data.ts';

// These tests change what every public page shows, so playwright.config.ts runs them in their
// own project after all others (see the 'site-wide' project), one at a time.
test.describe.configure({ mode: 'serial' });

async function saveGeneral(page: Page, values: { siteName: string; showSiteName: boolean; logo: string }) {
  await page.goto('/admin/settings');
  await page.getByLabel('Site Name', { exact: true }).fill(values.siteName);
  await page.getByLabel('Show Site Name').setChecked(values.showSiteName);
  await page.getByLabel('Logo URL').fill(values.logo);
  const save = page.getByRole('button', { name: 'Save Changes' });
  if (await save.isVisible()) {
    await save.click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();
  }
}

test('a new site name and a logo chosen with the picker show in the public header at once', async ({ page, browser }) => {
  await signIn(page);
  await page.goto('/admin/settings');
  const original = {
    siteName: await page.getByLabel('Site Name', { exact: true }).inputValue(),
    showSiteName: await page.getByLabel('Show Site Name').isChecked(),
    logo: await page.getByLabel('Logo URL').inputValue(),
  };
  // The public home page, cached before the change.
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto('/');
  await publicPage.goto('/');
  try {
    const name = unique('Studio');
    const save = page.getByRole('button', { name: 'Save Changes' });
    await expect(save).toBeHidden();
    await page.getByLabel('Site Name', { exact: true }).fill(name);
    await page.getByLabel('Show Site Name').check();
    await page.getByRole('button', { name: 'Upload' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose Image' });
    await picker.getByLabel('Search the media library').fill('team');
    await picker.getByRole('button', { name: 'Choose Team photo' }).click();
    await expect(picker).toBeHidden();
    await expect(page.getByLabel('Logo URL')).toHaveValue('/media/seed/team-photo.jpg');
    await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
    await save.click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();
    // Saving clears the "changed" mark.
    await expect(save).toBeHidden();
    await expect(page.getByLabel('Site Name', { exact: true })).toHaveValue(name);

    await publicPage.goto('/');
    const header = publicPage.locator('header').first();
    await expect(header.getByText(name, { exact: true })).toBeVisible();
    await expect(header.locator('img').first()).toHaveAttribute('src', '/media/seed/team-photo.jpg');
    await expect(publicPage).toHaveTitle(new RegExp(`^${name}`));
  } finally {
    await saveGeneral(page, original);
    await visitor.close();
  }
});

test('Clear Cache empties the public pages cache', async ({ page, request }) => {
  await request.get('/blog');
  expect((await request.get('/blog')).headers()['x-cache']).toBe('HIT');
  await signIn(page);
  await page.goto('/admin/settings?tab=advanced');
  await page.getByRole('button', { name: 'Clear Cache' }).click();
  await expect(page.getByText('Cache cleared: public pages will be rebuilt on their next visit')).toBeVisible();
  expect((await request.get('/blog')).headers()['x-cache']).toBe('MISS');
});

test('the favicon, timezone, date format and default language of the General tab take effect on the public site and in the admin', async ({ page, browser }) => {
  const post = createPost({ title: unique('Midnight post'), publishDate: '2024-03-01T03:00:00.000Z' });
  await signIn(page);
  await page.goto('/admin/settings');
  const choose = async (values: { favicon: string; language: string; timezone: string; dateFormat: string }) => {
    await page.goto('/admin/settings');
    await page.getByLabel('Favicon URL').fill(values.favicon);
    await page.getByLabel('Language').selectOption(values.language);
    await page.getByLabel('Timezone').selectOption(values.timezone);
    await page.getByLabel('Date Format').selectOption(values.dateFormat);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();
  };
  await choose({ favicon: '/media/seed/company-logo.svg', language: 'fr', timezone: 'America/New_York', dateFormat: 'DD/MM/YYYY' });
  try {
    // A German browser states neither English nor French: it gets the site's language.
    const german = await browser.newContext({ locale: 'de-DE' });
    const visitor = await german.newPage();
    await visitor.goto(`/blog/${post.slug}`);
    await expect(visitor.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(visitor.locator('head link[rel="icon"]')).toHaveAttribute('href', '/media/seed/company-logo.svg');
    // 03:00 UTC on 1 March is still 29 February in New York.
    await expect(visitor.locator('article time').first()).toHaveText('29/02/2024');
    await german.close();

    await page.goto(`/admin/blog?q=${encodeURIComponent('Midnight post')}`);
    await expect(page.getByRole('row').filter({ hasText: 'Midnight post' }).first()).toContainText('29/02/2024');
  } finally {
    await choose({ favicon: '/favicon.svg', language: 'en', timezone: 'UTC', dateFormat: 'YYYY-MM-DD' });
  }
});
