import { ACCOUNTS, TEST_PASSWORD } from './support/accounts.ts';
import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';

const ACCOUNT = ACCOUNTS.tokens;

test('create a token (shown once), call /api/v1/me with it, revoke it and get 401', async ({ page, request }) => {
  await signIn(page, ACCOUNT.email);
  await page.goto('/admin/account/tokens');
  await expect(page.getByRole('heading', { level: 1, name: 'API Tokens' })).toBeVisible();
  // Only the editor's own permissions are offered as scopes.
  await expect(page.getByRole('checkbox', { name: 'manage_posts' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'manage_users' })).toHaveCount(0);

  await expect(page.getByTestId('active-token-count')).toHaveText('0 of 25 active tokens.');
  await page.getByRole('button', { name: 'Create Token' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Choose at least one scope')).toBeVisible();
  await expect(page.getByText('Enter your current password')).toBeVisible();

  await page.getByLabel('Name').fill('CI deploy');
  await page.getByRole('checkbox', { name: 'manage_posts' }).check();
  await page.getByRole('checkbox', { name: 'access_admin' }).check();
  await page.getByLabel('Expires after').selectOption({ label: '7 days' });
  // A token acts as its holder: the server asks for the password, and a wrong one makes nothing.
  await page.getByLabel('Current Password').fill('not my password');
  await page.getByRole('button', { name: 'Create Token' }).click();
  await expect(page.getByText('Your current password is not correct')).toBeVisible();
  await expect(page.getByTestId('new-api-token')).toHaveCount(0);
  await page.getByLabel('Current Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create Token' }).click();
  const shown = page.getByTestId('new-api-token');
  await expect(shown).toHaveText(/^atl_/);
  const token = (await shown.textContent())!.trim();
  await page.screenshot({ path: 'reports/screens/api-tokens-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'reports/screens/api-tokens-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  const me = await request.get('/api/v1/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({
    user: { email: ACCOUNT.email, role: { id: 'editor' } },
    scopes: ['manage_posts', 'access_admin'],
    permissions: ['manage_posts', 'access_admin'],
  });
  // A token never opens the cookie-only admin.
  const admin = await request.get('/admin', { headers: { Authorization: `Bearer ${token}` }, maxRedirects: 0 });
  expect(admin.status()).toBe(302);
  expect(admin.headers()['location']).toMatch(/^\/login/);

  // Reloaded, the token is no longer shown; the list has it with its last use.
  await page.goto('/admin/account/tokens');
  await expect(page.getByTestId('new-api-token')).toHaveCount(0);
  await expect(page.getByTestId('active-token-count')).toHaveText('1 of 25 active tokens.');
  const row = page.getByRole('row').filter({ hasText: 'CI deploy' });
  await expect(row.getByRole('cell', { name: 'active' })).toBeVisible();
  await expect(row.getByRole('cell').nth(4)).not.toHaveText('Never');

  await row.getByRole('button', { name: 'Revoke CI deploy' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Token revoked')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'revoked' })).toBeVisible();

  const after = await request.get('/api/v1/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
  expect(await after.json()).toMatchObject({ error: 'invalid_token' });
  const none = await request.get('/api/v1/me');
  expect(none.status()).toBe(401);
});
