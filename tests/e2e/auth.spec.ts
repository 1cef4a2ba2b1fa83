import { ACCOUNTS, ADMIN, TEST_PASSWORD } from './support/accounts.ts';
import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';

test('an anonymous visitor of /admin is sent to /login, then back after signing in', async ({ page }) => {
  await page.goto('/admin/settings');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fsettings$/);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});

test('signing in reaches the dashboard and the session cookie is HttpOnly and SameSite=Lax', async ({ page, context }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === 'atelier_session');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie?.secure).toBe(true);
});

test('a wrong password shows a clear message and does not sign in', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login/);
});

test('an empty form gets a message beside each field', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
});

test('repeated failures lock the account with a clear message', async ({ page }) => {
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.goto('/login');
    await page.getByLabel('Email').fill(ACCOUNTS.lockout.email);
    await page.getByLabel('Password').fill(`wrong-${attempt}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  }
  await page.getByLabel('Email').fill(ACCOUNTS.lockout.email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
});

test('logout ends the session on the server and goes to /login', async ({ page, context }) => {
  await signIn(page);
  const before = (await context.cookies()).find((c) => c.name === 'atelier_session');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Replaying the old cookie must not work: the session is gone from the server.
  await context.addCookies([before!]);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login/);
});

test('a user without access_admin gets a 403 page', async ({ page }) => {
  await signIn(page, ACCOUNTS.member.email);
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  const response = await page.goto('/admin');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByText('Admin Panel')).toHaveCount(0);
});

test('a contributor is refused a screen their role does not grant', async ({ page }) => {
  await signIn(page, ACCOUNTS.contributor.email);
  const response = await page.goto('/admin/users');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
});

test('the sign-in page never redirects to another site', async ({ page }) => {
  await page.goto('/login?redirectTo=//evil.example.com/');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/admin$/);
});
