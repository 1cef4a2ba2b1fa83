import { type Page } from '@playwright/test';

import { expect, test } from './support/fixtures.ts';
import { asVisitor, findMessages, messageFolders, MIN_FILL_WAIT_MS, unique } from './support/site-data.ts';

async function fill(page: Page, values: Partial<Record<'first' | 'last' | 'email' | 'phone' | 'subject' | 'message', string>>) {
  const form = page.locator('#contact form');
  if (values.first !== undefined) await form.getByLabel('First name').fill(values.first);
  if (values.last !== undefined) await form.getByLabel('Last name').fill(values.last);
  if (values.email !== undefined) await form.getByLabel('Email', { exact: true }).fill(values.email);
  if (values.phone !== undefined) await form.getByLabel('Phone (optional)').fill(values.phone);
  if (values.subject !== undefined) await form.getByLabel('Subject').fill(values.subject);
  if (values.message !== undefined) await form.getByLabel('Message', { exact: true }).fill(values.message);
}

const VISITOR = asVisitor();
test.use({ extraHTTPHeaders: VISITOR });
test.describe('contact form', () => {
  test('shows the panel from the contact settings and the fields the spec lists', async ({ page }) => {
    await page.goto('/#contact');
    const section = page.locator('#contact');
    await expect(section).toContainText('+33 1 84 60 12 34');
    await expect(section).toContainText('hello@atelier.agency');
    await expect(section).toContainText('12 Rue des Artisans, 75011 Paris, France');
    await expect(section.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email');
    await expect(section.getByLabel('Phone (optional)')).not.toHaveAttribute('required');
    await expect(section.getByText('Max. 500 characters')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Send message' })).toBeVisible();
  });

  test('a valid message is stored and acknowledged', async ({ page }) => {
    const email = `${unique('visitor').replace(' ', '-')}@example.com`;
    await page.goto('/');
    await fill(page, {
      first: 'Ada',
      last: 'Lovelace',
      email,
      subject: 'A new website',
      message: 'We would like a new website for our studio.',
    });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status')).toHaveText("Thank you! Your message has been sent. We'll get back to you soon.");
    await expect(page.locator('#contact form').getByLabel('First name')).toHaveValue('');
    // The address bar says the home page again (the form posts to React Router's `/?index`), at the contact section.
    await expect(page).toHaveURL(/\/#contact$/);
    expect(findMessages(email)).toEqual([
      {
        first_name: 'Ada',
        subject: 'A new website',
        message: 'We would like a new website for our studio.',
        ip: VISITOR['X-Forwarded-For'],
      },
    ]);
  });

  test('each required field and the email format are checked in the browser, then on every change', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Send message' }).click();
    const form = page.locator('#contact form');
    for (const text of [
      'First name is required',
      'Last name is required',
      'Please enter a valid email address',
      'Subject is required',
      'Message is required',
    ]) {
      await expect(form.getByText(text)).toBeVisible();
    }
    await fill(page, { email: 'not-an-email' });
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await fill(page, { email: 'ok@example.com', first: 'Ada' });
    await expect(form.getByText('Please enter a valid email address')).toBeHidden();
    await expect(form.getByText('First name is required')).toBeHidden();
    await expect(form.getByLabel('Last name')).toHaveAttribute('aria-invalid', 'true');
  });

  test('the server refuses a 501-character message and invalid fields, storing nothing', async ({ request }) => {
    const email = `${unique('long').replace(' ', '-')}@example.com`;
    const base = { firstName: 'Ada', lastName: 'Lovelace', email, phone: '', subject: 'Too long', message: 'x'.repeat(501) };
    const tooLong = await request.post('/?index', { form: base });
    expect(tooLong.status()).toBe(400);
    expect(await tooLong.text()).toContain('Message must be at most 500 characters');
    const badEmail = await request.post('/?index', { form: { ...base, message: 'fine', email: 'nope' } });
    expect(badEmail.status()).toBe(400);
    expect(await badEmail.text()).toContain('Please enter a valid email address');
    const exactly500 = await request.post('/?index', { form: { ...base, message: 'y'.repeat(500) } });
    expect(exactly500.status()).toBe(200);
    expect(findMessages(email).map((m) => m.message.length)).toEqual([500]);
  });

  test('a 501-character message is refused in the browser too', async ({ page }) => {
    await page.goto('/');
    await fill(page, { first: 'Ada', last: 'Lovelace', email: 'ada@example.com', subject: 'Long' });
    await expect(page.getByLabel('Message', { exact: true })).toHaveAttribute('maxlength', '500');
    // Bypass the maxlength attribute, as a script or an old browser could.
    await page.getByLabel('Message', { exact: true }).evaluate((el: HTMLTextAreaElement) => {
      el.removeAttribute('maxlength');
      el.value = 'z'.repeat(501);
    });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Message must be at most 500 characters')).toBeVisible();
  });

  test('works without JavaScript, with the server’s errors and success', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ extraHTTPHeaders: asVisitor(), javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    const email = `${unique('nojs').replace(' ', '-')}@example.com`;
    await page.goto('/');
    await fill(page, { first: 'Grace', last: 'Hopper', email: 'broken', subject: 'No JS', message: 'Hello without scripts' });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Grace');
    await fill(page, { email });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status')).toContainText('Your message has been sent');
    expect(findMessages(email)).toHaveLength(1);
    await context.close();
  });

  test('a filled honeypot or a bare post is answered as sent and filed under Spam, never dropped', async ({ request }) => {
    const email = `${unique('bot').replace(' ', '-')}@example.com`;
    const form = { firstName: 'Bot', lastName: 'Bot', email, phone: '', subject: 'Spam', message: 'Buy now' };
    const honeypot = await request.post('/?index', { form: { ...form, website: 'https://spam.example' } });
    expect(honeypot.status()).toBe(200);
    const bare = await request.post('/?index', { form });
    expect(bare.status()).toBe(200);
    expect(messageFolders(email)).toEqual([
      { folder: 'spam', spam_reason: 'The hidden honeypot field was filled in.' },
      { folder: 'spam', spam_reason: 'Sent without the form’s signed timestamp.' },
    ]);
  });

  test('a person’s message reaches the inbox without JavaScript, also after correcting a field', async ({ browser, baseURL }) => {
    const email = `${unique('person').replace(' ', '-')}@example.com`;
    const context = await browser.newContext({ extraHTTPHeaders: asVisitor(), javaScriptEnabled: false, baseURL });
    const plain = await context.newPage();
    await plain.goto('/');
    // The form must have been on screen for the minimum fill time (with or without scripts).
    await plain.waitForTimeout(MIN_FILL_WAIT_MS);
    await fill(plain, { first: 'Grace', last: 'Hopper', email: 'broken', subject: 'Plain', message: 'Sent without scripts' });
    await plain.getByRole('button', { name: 'Send message' }).click();
    await expect(plain.getByText('Please enter a valid email address')).toBeVisible();
    // Corrected and sent again at once: the fill time still counts from when the form was first shown.
    await fill(plain, { email });
    await plain.getByRole('button', { name: 'Send message' }).click();
    await expect(plain.getByRole('status')).toContainText('Your message has been sent');
    await context.close();
    expect(messageFolders(email)).toEqual([{ folder: 'inbox', spam_reason: '' }]);
  });
});
