import { type Page } from '@playwright/test';

import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';
import { asVisitor, findMessages, insertMessage, MIN_FILL_WAIT_MS, unique } from './support/site-data.ts';

async function sendContactMessage(page: Page, values: { first: string; last: string; email: string; subject: string; message: string }) {
  await page.goto('/');
  const form = page.locator('#contact form');
  await form.getByLabel('First name').fill(values.first);
  await form.getByLabel('Last name').fill(values.last);
  await form.getByLabel('Email', { exact: true }).fill(values.email);
  await form.getByLabel('Subject').fill(values.subject);
  await form.getByLabel('Message', { exact: true }).fill(values.message);
  await page.waitForTimeout(MIN_FILL_WAIT_MS);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status')).toContainText('Your message has been sent');
}

test.use({ extraHTTPHeaders: asVisitor() });
test.describe('messages inbox', () => {
  test('a message sent on the public form is read, replied to, archived and exported', async ({ page, browser, baseURL }) => {
    const tag = unique('inbox').replace(' ', '-');
    const email = `${tag}@example.com`;
    const subject = `Project ${tag}`;
    // The visitor is anonymous: a context of its own.
    const visitor = await browser.newContext({ extraHTTPHeaders: asVisitor(), baseURL });
    await sendContactMessage(await visitor.newPage(), {
      first: 'Ada',
      last: 'Lovelace',
      email,
      subject,
      message: 'First line of the brief.\nSecond line <b>not bold</b>.',
    });
    await visitor.close();
    expect(findMessages(email)).toHaveLength(1);

    await signIn(page);
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    const sidebarEntry = sidebar.getByRole('link', { name: 'Messages', exact: true });
    await expect(sidebar.locator('[data-badge="messages"]')).toHaveText(/^\d+ unread$/);
    await sidebarEntry.click();
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search messages' }).fill(tag);
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    const row = page.getByRole('row', { name: new RegExp(subject) });
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-unread', 'true');
    await expect(row).toContainText('Ada Lovelace');
    await expect(row).toContainText('First line of the brief.');
    await expect(row).not.toContainText('Second line');
    await page.screenshot({ path: 'reports/screens/messages-list-desktop.png' });

    await row.getByRole('link', { name: new RegExp(subject) }).click();
    await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
    // The body is text: the markup a visitor typed is shown, never rendered.
    await expect(page.locator('[data-message-body]')).toHaveText('First line of the brief.\nSecond line <b>not bold</b>.');
    await expect(page.locator('[data-message-body] b')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Reply' })).toHaveAttribute(
      'href',
      `mailto:${email}?subject=${encodeURIComponent(`Re: ${subject}`)}`,
    );
    await page.screenshot({ path: 'reports/screens/message-desktop.png' });

    // Opening marked it read; Mark unread makes it bold again.
    await page.getByRole('button', { name: 'Mark unread' }).click();
    await expect(page.getByText('Message marked as unread')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search messages' }).fill(tag);
    // The search navigates once typing pauses: wait for it, or it can overtake the click on the message.
    await expect(page).toHaveURL(new RegExp(`/admin/messages\\?.*q=${tag}`));
    await expect(row).toHaveAttribute('data-unread', 'true');
    await row.getByRole('link', { name: new RegExp(subject) }).click();
    await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByText('Message archived')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search messages' }).fill(tag);
    await expect(page.getByText('No messages match your search.')).toBeVisible();

    await page.getByRole('link', { name: 'Archived' }).click();
    await expect(page).toHaveURL(/folder=archived/);
    // The folder link does not carry the search, so the box no longer shows it.
    await expect(page.getByRole('searchbox', { name: 'Search messages' })).toHaveValue('');
    await page.getByRole('searchbox', { name: 'Search messages' }).fill(tag);
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    await expect(row).toHaveCount(1);
    await expect(row).not.toHaveAttribute('data-unread', 'true');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^messages-archived-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await (await file.createReadStream()).toArray();
    const text = Buffer.concat(csv).toString('utf8');
    expect(text).toContain(`"Ada","Lovelace","${email}"`);
    expect(text).toContain(`"${subject}"`);
  });

  test('text typed in the search box before the page script runs is still searched', async ({ page }) => {
    const tag = unique('early').replace(' ', '-');
    insertMessage({ firstName: 'Early', lastName: 'Typist', email: `${tag}@example.com`, subject: `${tag} subject`, message: 'Body' });
    await signIn(page);
    // Hold the page's scripts back, as a slow connection does, while the user types.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin/messages', { waitUntil: 'commit' });
    await page.getByRole('searchbox', { name: 'Search messages' }).fill(tag);
    release();
    await expect(page).toHaveURL(new RegExp(`/admin/messages\\?q=${tag}`));
    await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(1);
  });

  test('bulk actions move and delete several messages, delete after confirmation', async ({ page }) => {
    const tag = unique('bulk').replace(' ', '-');
    for (const n of [1, 2, 3]) {
      insertMessage({
        firstName: 'Bulk',
        lastName: `Sender${n}`,
        email: `${tag}-${n}@example.com`,
        subject: `${tag} number ${n}`,
        message: `Body ${n}`,
      });
    }
    await signIn(page);
    await page.goto(`/admin/messages?q=${tag}`);
    await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(3);
    await page.getByRole('checkbox', { name: new RegExp(`${tag} number 1`) }).check();
    await page.getByRole('checkbox', { name: new RegExp(`${tag} number 2`) }).check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Spam', exact: true }).click();
    await expect(page.getByText('2 messages moved to Spam')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(1);

    await page.goto(`/admin/messages?folder=spam&q=${tag}`);
    await page.getByRole('checkbox', { name: 'Select all messages on this page' }).check();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Are you sure you want to permanently delete these 2 messages? This action cannot be undone.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(2);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('2 messages deleted')).toBeVisible();
    await expect(page.getByText('No messages match your search.')).toBeVisible();
    expect(findMessages(`${tag}-1@example.com`)).toEqual([]);
  });

  test('the inbox on a phone', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ extraHTTPHeaders: asVisitor(), baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // A message of its own to open: opening another test's message would mark it read under that test's feet.
    const tag = unique('phone').replace(' ', '-');
    insertMessage({
      firstName: 'Phone',
      lastName: 'Reader',
      email: `${tag}@example.com`,
      subject: `${tag} on a phone`,
      message: 'Small screen',
    });
    await signIn(page);
    await page.goto('/admin/messages');
    await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'reports/screens/messages-list-mobile.png', fullPage: true });
    await page.goto(`/admin/messages?q=${tag}`);
    await page.locator('tbody tr a').first().click();
    await expect(page.getByRole('heading', { name: `${tag} on a phone`, level: 1 })).toBeVisible();
    await page.screenshot({ path: 'reports/screens/message-mobile.png', fullPage: true });
    await context.close();
  });

  test('an editor may not open the inbox', async ({ page }) => {
    await signIn(page, 'editor@example.com');
    const response = await page.goto('/admin/messages');
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /Messages/ })).toHaveCount(0);
  });
});
