import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';

test('the sign-in, forgot-password and invitation pages show the site logo and name', async ({ page }) => {
  for (const path of ['/login', '/login/forgot-password', '/invite/not-a-real-token']) {
    await page.goto(path);
    const brand = page.getByRole('main').locator('p').filter({ hasText: 'Atelier' }).first();
    await expect(brand).toHaveText('Atelier');
    await expect(brand.locator('img')).toHaveAttribute('src', '/media/seed/company-logo.svg');
  }
});

test('Navigation Menu is reachable from the Themes and Content screens', async ({ page }) => {
  await signIn(page);
  for (const path of ['/admin/themes', '/admin/content']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: 'Navigation Menu' })).toHaveAttribute('href', '/admin/menu');
  }
  await page.getByRole('link', { name: 'Navigation Menu' }).click();
  await expect(page).toHaveURL(/\/admin\/menu$/);
});
