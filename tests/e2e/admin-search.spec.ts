import { ACCOUNTS } from './support/accounts.ts';
import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';

test('the top bar names the site with a View site link', async ({ page }) => {
  await signIn(page);
  const bar = page.getByRole('banner');
  await expect(bar.getByText('Atelier', { exact: true })).toBeVisible();
  const view = bar.getByRole('link', { name: 'View site (opens in a new tab)' });
  await expect(view).toHaveAttribute('href', '/');
  await expect(view).toHaveAttribute('target', '_blank');
});

test('the top bar search finds pages, posts by content, media by alt text and users, grouped by kind', async ({ page }) => {
  await signIn(page);
  const box = page.getByRole('searchbox', { name: 'Search' });
  await box.fill('city lights');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/admin\/search\?q=city/);
  await expect(box).toHaveValue('city lights');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Media (1)']);
  const media = page.getByRole('region', { name: 'Media (1)' });
  await expect(media.getByRole('link', { name: 'Hero photo' })).toHaveAttribute('href', '/admin/media?q=Hero%20photo');
  await expect(media).toContainText('Image');

  await page.goto('/admin/search?q=policy');
  await expect(page.getByRole('heading', { level: 2, name: /^Pages/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Pages/ }).getByRole('link', { name: 'Privacy Policy' })).toBeVisible();

  await page.goto('/admin/search?q=people%40example.com');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Users (1)']);
  await expect(page.getByRole('region', { name: 'Users (1)' })).toContainText('people@example.com');
});

test('a contributor finds neither media nor users nor pages', async ({ page }) => {
  await signIn(page, ACCOUNTS.contributor.email);
  await page.goto('/admin/search?q=city%20lights');
  await expect(page.getByText('Nothing matches “city lights”.')).toBeVisible();
  await page.goto('/admin/search?q=people%40example.com');
  await expect(page.getByText('Nothing matches “people@example.com”.')).toBeVisible();
  await page.goto('/admin/search?q=policy');
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(0);
});
