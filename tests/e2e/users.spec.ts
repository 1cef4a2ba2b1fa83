import { ACCOUNTS, ADMIN } from './support/accounts.ts';
import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';
import { acceptAndSignIn, enrolTwoFactor, inviteUser, newColleague, searchUsers, unique } from './support/users.ts';

test('an admin invites a colleague, who accepts the link, sets a password and signs in; the link works once', async ({ page, browser }) => {
  const id = unique();
  const email = `colleague-${id}@example.com`;
  await signIn(page);
  const link = await inviteUser(page, { name: `Colleague ${id}`, email, role: 'Editor' });

  await searchUsers(page, `COLLEAGUE-${id}`);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Never');
  await expect(row).toContainText('Editor');

  // Weak passwords are refused with a clear message.
  const invitee = await browser.newPage();
  await invitee.goto(new URL(link).pathname);
  await expect(invitee.getByRole('heading', { name: `Welcome, Colleague ${id}` })).toBeVisible();
  await invitee.getByLabel('New password').fill('password1234');
  await invitee.getByLabel('Confirm password').fill('password1234');
  await invitee.getByRole('button', { name: 'Set password' }).click();
  await expect(invitee.getByText('This password is too common. Choose another one.')).toBeVisible();
  await invitee.close();

  const colleague = await acceptAndSignIn(browser, link, email, 'amber-orchard-railway-31');
  await expect(colleague.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Pages' })).toBeVisible();
  await colleague.goto(new URL(link).pathname);
  await expect(colleague.getByRole('heading', { name: 'Invitation not valid' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Active');
});

test('the user form shows the spec’s messages, refuses a duplicate email, updates and deletes with the exact toasts', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/users/new');
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Role is required')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Twin');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email.toUpperCase());
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Author' });
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('A user with this email address already exists')).toBeVisible();

  const id = unique();
  const email = `temp-${id}@example.com`;
  await inviteUser(page, { name: `Temp ${id}`, email, role: 'Author' });
  await searchUsers(page, email);
  await page.getByRole('link', { name: `Edit: Temp ${id}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit User' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(`Temp Renamed ${id}`);
  await page.getByLabel('Status', { exact: true }).selectOption('inactive');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  await searchUsers(page, email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Inactive');
  await row.getByRole('button', { name: `Delete: Temp Renamed ${id}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Are you sure you want to delete this user?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('User deleted successfully')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
});

test('the last administrator cannot be removed: no delete on one’s own row, own role locked, a forged request refused', async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`/admin/users?q=${encodeURIComponent(ADMIN.email)}`);
  const row = page.getByRole('row').filter({ hasText: ADMIN.email });
  await expect(row).toContainText('Administrator');
  await expect(row.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await row.getByRole('link', { name: /^Edit/ }).click();
  await expect(page.getByLabel('Role', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('Status', { exact: true })).toBeDisabled();
  const selfId = new URL(page.url()).pathname.split('/').pop()!;

  const origin = new URL(page.url()).origin;
  const forged = await page.request.post('/admin/users', { form: { intent: 'delete', id: selfId }, headers: { Origin: origin } });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toContain('You cannot delete your own account.');
  const demote = await page.request.post(`/admin/users/${selfId}`, {
    form: { email: ADMIN.email, name: 'Administrator', role: 'editor', status: 'active' },
    headers: { Origin: origin },
  });
  expect(demote.status()).toBe(403);
  await page.reload();
  await expect(page.getByLabel('Role', { exact: true })).toHaveValue('administrator');
});

test('the Users tab at desktop and phone sizes', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/users');
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('columnheader', { name: 'Last Login' })).toBeVisible();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Status', { exact: true }).locator('option')).toHaveText(['All Status', 'Active', 'Inactive', 'Pending']);
  await page.screenshot({ path: 'reports/screenshots/users-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await page.screenshot({ path: 'reports/screenshots/users-mobile.png', fullPage: true });
  await page.goto('/admin/account');
  await expect(page.getByRole('heading', { name: 'Active Sessions' })).toBeVisible();
  await page.screenshot({ path: 'reports/screenshots/account-mobile.png', fullPage: true });
});

test('a user manager is not offered Reset 2FA on a user whose role holds more, and a forged reset is refused', async ({
  page,
  browser,
}) => {
  await signIn(page);
  const { name, email, password, page: editor } = await newColleague(page, browser, 'Gwen', 'Editor');
  await enrolTwoFactor(editor, password);
  await editor.context().close();

  const manager = await (await browser.newContext()).newPage();
  await signIn(manager, ACCOUNTS.peopleManager.email);
  await manager.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await manager.getByRole('link', { name: `Edit: ${name}` }).click();
  const card = manager.locator('section', { hasText: 'Two-factor sign-in' });
  await expect(card.getByText('On: this user signs in with a code from an authenticator app.')).toBeVisible();
  await expect(card.getByText("Only someone who holds every permission of this user's role can reset it.")).toBeVisible();
  await expect(card.getByRole('button', { name: 'Reset 2FA' })).toHaveCount(0);
  await manager.screenshot({ path: 'reports/screens/user-two-factor-guarded-1280.png', fullPage: true });
  await manager.setViewportSize({ width: 390, height: 844 });
  await manager.screenshot({ path: 'reports/screens/user-two-factor-guarded-390.png', fullPage: true });

  // The button is not the guard: the request a page could forge is refused, and nothing changes.
  const userId = new URL(manager.url()).pathname.split('/').at(-1)!;
  const origin = new URL(manager.url()).origin;
  const forged = await manager.request.post(`/admin/users/${userId}/two-factor/reset`, { headers: { Origin: origin }, maxRedirects: 0 });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toContain('You cannot manage a user whose role has permissions you do not hold.');
  await manager.reload();
  await expect(card.getByText('On: this user signs in with a code from an authenticator app.')).toBeVisible();
  await manager.context().close();
});
