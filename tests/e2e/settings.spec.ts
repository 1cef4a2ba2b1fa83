import AxeBuilder from '@axe-core/playwright';

import { ACCOUNTS } from './support/accounts.ts';
import { signIn } from './support/auth.ts';
import { closedSmtpAddress, startFakeSmtp } from './support/fake-smtp.ts';
import { expect, test } from './support/fixtures.ts';

// Changes to the site name, the logo and the public cache affect every other test, so they
// live in site-settings.spec.ts, which runs after the rest. These tests change nothing public.

test('an editor, who lacks manage_settings, is refused the settings screen', async ({ page }) => {
  await signIn(page, ACCOUNTS.editor.email);
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' })).toHaveCount(0);
  const response = await page.goto('/admin/settings');
  expect(response?.status()).toBe(403);
  const post = await page.request.post('/admin/settings', {
    form: { intent: 'clear-cache' },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(post.status()).toBe(403);
});

test('General: Save Changes waits for an edit, and a refused save shows why and changes nothing', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/settings');
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  const siteName = page.getByLabel('Site Name', { exact: true });
  const original = await siteName.inputValue();
  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeHidden();
  await siteName.fill(`${original} edited`);
  await expect(save).toBeVisible();
  // Undoing the edit hides it again.
  await siteName.fill(original);
  await expect(save).toBeHidden();

  await siteName.fill('   ');
  await page.getByLabel('Logo URL').fill('javascript:alert(1)');
  await save.click();
  await expect(page.getByText('Site Name is required.')).toBeVisible();
  await expect(page.getByText('Logo URL must be a site path such as /media/logo.svg or an http(s) address.')).toBeVisible();
  await expect(siteName).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert').filter({ hasText: 'Nothing was saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Site Name', { exact: true })).toHaveValue(original);
});

test('tabs switch with the arrow keys and keep unsaved General edits', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/settings');
  await page.getByLabel('Tagline', { exact: true }).fill('Kept while looking around');
  await page.getByRole('tab', { name: 'General' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Security' })).toBeFocused();
  await expect(page).toHaveURL(/\?tab=security$/);
  const security = page.getByRole('tabpanel', { name: 'Security' });
  await expect(security.getByRole('link', { name: 'Enable 2FA' })).toHaveAttribute('href', '/admin/account/two-factor');
  await expect(security.getByRole('link', { name: 'Manage Keys' })).toHaveAttribute('href', '/admin/account/tokens');
  await expect(security.getByText('Not available yet')).toHaveCount(0);
  await expect(security.getByRole('link', { name: 'View Logs' })).toHaveAttribute('href', '/admin/settings/audit');
  // The test server is reached over plain HTTP with no proxy: the note says so instead of claiming a valid certificate.
  await expect(security.getByTestId('connection-security')).toContainText('not encrypted');
  await expect(security.getByText('your SSL certificate is valid')).toHaveCount(0);
  await page.keyboard.press('End');
  await expect(page.getByRole('tabpanel', { name: 'Import' })).toBeVisible();
  await page.keyboard.press('Home');
  await expect(page.getByLabel('Tagline', { exact: true })).toHaveValue('Kept while looking around');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
});

test('Email: saved with its password kept secret, checked against a fake SMTP server and a closed port', async ({ page }) => {
  const smtp = await startFakeSmtp();
  try {
    await signIn(page);
    await page.goto('/admin/settings?tab=email');
    const panel = page.getByRole('tabpanel', { name: 'Email' });
    await expect(panel.getByLabel('SMTP Port')).toHaveAttribute('placeholder', '587');
    await panel.getByLabel('SMTP Port').fill('70000');
    await panel.getByLabel('From Email').fill('not-an-address');
    await panel.getByRole('button', { name: 'Save Email Settings' }).click();
    await expect(panel.getByText('SMTP Port must be a whole number from 1 to 65535.')).toBeVisible();
    await expect(panel.getByText('From Email must be a valid email address.')).toBeVisible();

    await panel.getByLabel('SMTP Host').fill(smtp.host);
    await panel.getByLabel('SMTP Port').fill(String(smtp.port));
    await panel.getByLabel('Username').fill('mailer');
    await panel.getByLabel('Password').fill('very-secret-password');
    await panel.getByLabel('From Email').fill('noreply@example.com');
    await panel.getByRole('button', { name: 'Save Email Settings' }).click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();
    await expect(panel.getByLabel('Password')).toHaveValue('');
    await expect(panel.getByText('A password is stored. Leave empty to keep it.')).toBeVisible();
    expect(await page.content()).not.toContain('very-secret-password');

    await panel.getByRole('button', { name: 'Test Connection' }).click();
    await expect(page.getByText(`Connection successful: ${smtp.host}:${smtp.port} answered as an SMTP server`)).toBeVisible();

    const closed = closedSmtpAddress();
    await panel.getByLabel('SMTP Host').fill(closed.host);
    await panel.getByRole('button', { name: 'Test Connection' }).click();
    await expect(page.getByText(`Connection failed: Could not connect to ${closed.host}:${closed.port}: connection refused`)).toBeVisible();

    // Any other port is refused before a connection is made: the button is no port scanner.
    await panel.getByLabel('SMTP Port').fill('22');
    await panel.getByRole('button', { name: 'Test Connection' }).click();
    await expect(panel.getByText('Test Connection only checks the SMTP ports 25, 465, 587, 2525.').first()).toBeVisible();
  } finally {
    await smtp.close();
  }
});

// Advanced settings change what every visitor gets: their tests are in site-settings.spec.ts, run alone.

test('the settings screen passes axe on each tab', async ({ page }) => {
  await signIn(page);
  for (const tab of ['general', 'security', 'email', 'advanced']) {
    await page.goto(`/admin/settings?tab=${tab}`);
    await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('id', `settings-tab-${tab}`);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
});
