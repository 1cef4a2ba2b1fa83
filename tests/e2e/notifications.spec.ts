import { ACCOUNTS } from './support/accounts.ts';
import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';
import { asVisitor, MIN_FILL_WAIT_MS, unique } from './support/site-data.ts';

test.use({ extraHTTPHeaders: asVisitor() });
test.describe('notifications', () => {
  test('a new message reaches an administrator’s bell, dashboard and list; read, dismiss and mark all read', async ({
    page,
    browser,
    baseURL,
  }) => {
    const tag = unique('notify').replace(' ', '-');
    // Sent through the public form, which records the notification (five per address are allowed: use one).
    const visitor = await browser.newContext({ extraHTTPHeaders: asVisitor(), baseURL });
    const form = await visitor.newPage();
    await form.goto('/');
    const contact = form.locator('#contact form');
    await contact.getByLabel('First name').fill('Nora');
    await contact.getByLabel('Last name').fill(tag);
    await contact.getByLabel('Email', { exact: true }).fill(`${tag}@example.com`);
    await contact.getByLabel('Subject').fill('Ping');
    await contact.getByLabel('Message', { exact: true }).fill('Hello there');
    await form.waitForTimeout(MIN_FILL_WAIT_MS);
    await contact.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByRole('status')).toContainText('Your message has been sent');
    await visitor.close();
    const text = `New message from Nora ${tag}: Ping`;

    await signIn(page);
    await page.goto('/admin');
    const bell = page.getByRole('button', { name: 'Notifications', exact: true });
    await expect(bell).toHaveAccessibleDescription(/^\d+ unread$/);
    await expect(bell.locator('[data-bell-count]')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(text);
    await bell.click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText(text);
    await page.screenshot({ path: 'reports/screens/notifications-bell-desktop.png' });
    await menu.getByRole('menuitem', { name: new RegExp(text) }).click();
    // Opening it marks it read and leads to the message.
    await expect(page.getByRole('heading', { name: 'Ping', level: 1 })).toBeVisible();

    await page.goto('/admin/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: text });
    await expect(item).not.toHaveAttribute('data-unread', 'true');
    await page.screenshot({ path: 'reports/screens/notifications-desktop.png', fullPage: true });
    // The bell follows the message: marked unread in the inbox, the notification is unread again.
    await page.goBack();
    await page.getByRole('button', { name: 'Mark unread' }).click();
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await page.goto('/admin/notifications');
    await expect(item).toHaveAttribute('data-unread', 'true');
    await item.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: text })).toHaveCount(0);

    const markAll = page.getByRole('button', { name: 'Mark all as read' });
    if (await markAll.isEnabled()) {
      await markAll.click();
      await expect(markAll).toBeDisabled();
    }
    await expect(page.getByText('All caught up.')).toBeVisible();
  });

  test('an editor is not told about contact messages', async ({ page }) => {
    await signIn(page, ACCOUNTS.editor.email);
    await page.goto('/admin/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await expect(page.getByText(/New message from/)).toHaveCount(0);
  });

  test('the notifications list on a phone', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ extraHTTPHeaders: asVisitor(), baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/admin/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'reports/screens/notifications-mobile.png', fullPage: true });
    await context.close();
  });
});
