import { ACCOUNTS } from './support/accounts.ts';
import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';
import { acceptAndSignIn, inviteUser, newColleague, unique } from './support/users.ts';

const ACCOUNT = ACCOUNTS.editor;

test('the own-account forms say their schema’s messages in the browser, and the server refuses a wrong password', async ({ page }) => {
  await signIn(page, ACCOUNT.email);
  await page.goto('/admin/account');
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  // The browser checks once the page's script has taken over the forms (React has attached its handlers).
  await page.waitForFunction(() => {
    const form = document.getElementById('account-password');
    return !!form && Object.keys(form).some((key) => key.startsWith('__reactProps'));
  });

  // Checked in the browser: nothing is posted while the schema refuses the form.
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  const password = page.locator('section', { has: page.getByRole('heading', { name: 'Password', exact: true }) });
  await password.getByRole('button', { name: 'Change Password' }).click();
  await expect(password.getByText('Enter your current password')).toBeVisible();
  await expect(password.getByText('Password must be at least 12 characters')).toBeVisible();
  await password.getByLabel('Current Password').fill('not-checked-yet');
  await password.getByLabel('New Password', { exact: true }).fill('password1234');
  await password.getByLabel('Confirm New Password').fill('something-else-entirely');
  await password.getByRole('button', { name: 'Change Password' }).click();
  await expect(password.getByText('This password is too common. Choose another one.')).toBeVisible();
  await expect(password.getByText('Passwords do not match')).toBeVisible();
  await expect(password.getByLabel('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');
  const profile = page.locator('section', { has: page.getByRole('heading', { name: 'Profile', exact: true }) });
  await profile.getByLabel('Name').fill('');
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expect(profile.getByText('Name is required')).toBeVisible();
  expect(posts).toEqual([]);

  // Checked by the server: a wrong current password changes nothing, and is not sent back into the field.
  const email = page.locator('section', { has: page.getByRole('heading', { name: 'Email', exact: true }) });
  await email.getByLabel('Email').fill('someone-else@example.com');
  await email.getByLabel('Current Password').fill('not-my-password');
  await email.getByRole('button', { name: 'Change Email' }).click();
  await expect(email.getByText('Your current password is not correct')).toBeVisible();
  expect(posts).toHaveLength(1);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'reports/screens/account-errors-1280.png', fullPage: true });
  await page.reload();
  await expect(page.getByText(`Signed in as ${ACCOUNT.email}`)).toBeVisible();
  await expect(email.getByLabel('Email')).toHaveValue(ACCOUNT.email);

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'reports/screens/account-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Active Sessions' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'reports/screens/account-390.png', fullPage: true });
});

test('a changed password empties the password fields, and the new password is the one that signs in', async ({ page, browser }) => {
  const tag = unique();
  const email = `pw-${tag}@example.com`;
  const first = `first-pass-${tag}-long`;
  const second = `second-pass-${tag}-long`;
  await signIn(page);
  const link = await inviteUser(page, { name: `Pat ${tag}`, email, role: 'Editor' });
  const own = await acceptAndSignIn(browser, link, email, first);
  await own.goto('/admin/account');
  const password = own.locator('section', { has: own.getByRole('heading', { name: 'Password', exact: true }) });
  await password.getByLabel('Current Password').fill(first);
  await password.getByLabel('New Password', { exact: true }).fill(second);
  await password.getByLabel('Confirm New Password').fill(second);
  await password.getByRole('button', { name: 'Change Password' }).click();
  await expect(own.getByText('Password changed successfully')).toBeVisible();
  for (const label of ['Current Password', 'Confirm New Password']) await expect(password.getByLabel(label)).toHaveValue('');
  await expect(password.getByLabel('New Password', { exact: true })).toHaveValue('');
  await own.context().close();

  const again = await browser.newContext();
  const login = await again.newPage();
  await signIn(login, email, first, /\/login/);
  await expect(login.getByText('Invalid email or password.')).toBeVisible();
  await signIn(login, email, second);
  await expect(login).toHaveURL(/\/admin$/);
  await again.close();
});

test('sign out of all other sessions, revoking the API tokens too', async ({ page, browser, request }) => {
  await signIn(page);
  const { email, password, page: laptop } = await newColleague(page, browser, 'Lee', 'Author');
  const phone = await (await browser.newContext()).newPage();
  await signIn(phone, email, password);

  await laptop.goto('/admin/account/tokens');
  await laptop.getByLabel('Name').fill('Backup script');
  await laptop.getByRole('checkbox', { name: 'access_admin' }).check();
  await laptop.getByLabel('Current Password').fill(password);
  await laptop.getByRole('button', { name: 'Create Token' }).click();
  const token = (await laptop.getByTestId('new-api-token').textContent())!.trim();
  expect((await request.get('/api/v1/me', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);

  await laptop.goto('/admin/account');
  const sessions = laptop.locator('section', { has: laptop.getByRole('heading', { name: 'Active Sessions' }) });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await sessions.getByLabel('Also revoke my API tokens').check();
  await laptop.evaluate(() => window.scrollTo(0, 0));
  await laptop.screenshot({ path: 'reports/screens/account-sign-out-everywhere-1280.png', fullPage: true });
  await laptop.setViewportSize({ width: 390, height: 844 });
  await laptop.evaluate(() => window.scrollTo(0, 0));
  await laptop.screenshot({ path: 'reports/screens/account-sign-out-everywhere-390.png', fullPage: true });
  await sessions.getByRole('button', { name: 'Sign out of all other sessions' }).click();
  await expect(laptop.getByText('Signed out of 1 other session and revoked 1 API token.')).toBeVisible();
  await expect(laptop).toHaveURL(/\/admin\/account$/);
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  expect((await request.get('/api/v1/me', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
  await phone.goto('/admin');
  await expect(phone).toHaveURL(/\/login\?redirectTo=%2Fadmin$/);
  await phone.context().close();
  await laptop.context().close();
});
