import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';
import { acceptAndSignIn, inviteUser, unique } from './support/users.ts';

test('a custom role, assigned to a colleague, shows exactly the screens it allows and follows its changes at the next request', async ({
  page,
  browser,
}) => {
  const id = unique();
  const roleName = `Media Desk ${id}`;
  await signIn(page);
  await page.goto('/admin/users');
  await page.getByRole('tab', { name: 'Roles' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/roles$/);
  await page.getByRole('link', { name: 'Add Role' }).click();
  await page.getByRole('button', { name: 'Create Role' }).click();
  await expect(page.getByText('Role name is required')).toBeVisible();

  await page.getByLabel('Role Name').fill(roleName);
  await page.getByLabel('Description').fill('Looks after the media library');
  await expect(page.getByRole('group', { name: 'Permissions' })).toContainText('Content');
  await page.getByLabel('access_admin').check();
  await page.getByLabel('manage_media').check();
  await page.screenshot({ path: 'reports/screenshots/role-form-desktop.png', fullPage: true });
  await page.getByRole('button', { name: 'Create Role' }).click();
  await expect(page.getByText('Role created successfully')).toBeVisible();
  const roleRow = page.getByRole('row').filter({ hasText: roleName });
  await expect(roleRow).toContainText('2 of 12');
  // The permissions by the names of the vocabulary, as the grid labels them.
  await expect(roleRow).toContainText('manage_media, access_admin');

  const email = `media-${id}@example.com`;
  const link = await inviteUser(page, { name: `Media ${id}`, email, role: roleName });
  const colleague = await acceptAndSignIn(browser, link, email, 'cobalt-meadow-pilot-58');
  const sidebar = colleague.getByRole('navigation', { name: 'Admin' });
  await expect(sidebar.getByRole('link')).toHaveText(['Dashboard', 'Blog', 'Media Library']);
  expect((await colleague.goto('/admin/users'))?.status()).toBe(403);
  expect((await colleague.goto('/admin/settings'))?.status()).toBe(403);
  expect((await colleague.goto('/admin/media'))?.status()).toBe(200);

  // The administrator adds a permission; the colleague's next request has it.
  await page.goto('/admin/users/roles');
  await page.getByRole('link', { name: `Edit: ${roleName}` }).click();
  await page.getByLabel('manage_settings').check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Role updated successfully')).toBeVisible();
  await colleague.goto('/admin');
  await expect(sidebar.getByRole('link')).toHaveText(['Dashboard', 'Blog', 'Themes', 'Media Library', 'Contact', 'Messages', 'Settings']);

  // A role still held asks where its users go, then is deleted.
  await page
    .getByRole('row')
    .filter({ hasText: roleName })
    .getByRole('button', { name: `Delete: ${roleName}` })
    .click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to delete this role?');
  await expect(dialog).toContainText('1 user has this role. Move them to');
  await dialog.getByLabel(/Move them to/).selectOption({ label: 'Contributor' });
  await dialog.getByRole('button', { name: 'Move users and delete' }).click();
  await expect(page.getByText('Role deleted successfully')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: roleName })).toHaveCount(0);
  await colleague.goto('/admin');
  await expect(sidebar.getByRole('link')).toHaveText(['Dashboard', 'Blog']);
  await colleague.context().close();
});

test('the administrator role’s grid is read-only, and the Roles tab at desktop and phone sizes', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/users/roles');
  await expect(page.getByRole('columnheader', { name: 'Permissions' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Full access to all features' })).toContainText('12 of 12');
  // The spec's default roles, their descriptions and permissions by name.
  const role = (description: string) => page.getByRole('row').filter({ hasText: description });
  await expect(role('Can manage and publish content')).toContainText(
    'manage_pages, publish_pages, manage_posts, publish_posts, manage_media, manage_comments, access_admin',
  );
  await expect(role('Can write and manage their own content')).toContainText('manage_posts, manage_media, access_admin');
  await expect(role('Can write content but cannot publish').getByRole('cell').nth(2)).toContainText(/^1 of 12\s*access_admin$/);
  await page.screenshot({ path: 'reports/screenshots/roles-desktop.png', fullPage: true });
  await page.getByRole('link', { name: 'Edit: Administrator' }).click();
  await expect(page.getByText('The administrator role always has every permission.')).toBeVisible();
  for (const box of await page.getByRole('checkbox').all()) {
    await expect(box).toBeDisabled();
    await expect(box).toBeChecked();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'reports/screenshots/role-form-mobile.png', fullPage: true });
  await page.goto('/admin/users/roles');
  await page.screenshot({ path: 'reports/screenshots/roles-mobile.png', fullPage: true });
});
