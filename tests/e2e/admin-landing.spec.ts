import AxeBuilder from '@axe-core/playwright';

import { ACCOUNTS } from './support/accounts.ts';
import { signIn } from './support/auth.ts';
import { expectToast } from './support/content.ts';
import { expect, test } from './support/fixtures.ts';

// Only refused saves here: saves that change the public site are in site-wide-writes.spec.ts.

test('a Content save with an empty hero title is refused with the message beside the field', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/content?tab=services');
  await page.getByLabel('Service 6 feature 3').fill('Kept after the refusal');
  await page.getByRole('tab', { name: 'Hero Section' }).click();
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await title.fill('   ');
  await page.getByRole('tab', { name: 'Services Section' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();

  // The tab holding the error is shown.
  await expect(page.getByRole('alert').filter({ hasText: 'The content was not saved' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Hero Section/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: /Hero Section/ })).toContainText('has errors');
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#landing-hero-title-error')).toHaveText('Title is required');
  await page.getByRole('tab', { name: 'Services Section' }).click();
  await expect(page.getByLabel('Service 6 feature 3')).toHaveValue('Kept after the refusal');
});

test('Contact Settings refuses a bad email and a non-web link with clear messages', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/contact');
  await page.getByLabel('Email').fill('hello-at-example');
  await page.getByLabel('LinkedIn URL').fill('linkedin.com/company/atelier');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The settings were not saved' })).toBeVisible();
  await expect(page.locator('#contact-email-error')).toHaveText('Enter a valid email address, like hello@example.com');
  await expect(page.locator('#contact-linkedin-error')).toHaveText(
    'Enter a full LinkedIn address starting with https://, or leave it empty',
  );
  await expect(page.getByLabel('Email')).toHaveValue('hello-at-example');
  await page.reload();
  await expect(page.getByLabel('Email')).not.toHaveValue('hello-at-example');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('both screens post as plain forms and show the server’s messages', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/content?lang=fr&tab=about');
    await expect(page.getByRole('tab', { name: 'About Section' })).toHaveAttribute('aria-selected', 'true');
    await page.goto('/admin/content?lang=fr');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.locator('#landing-hero-title-error')).toHaveText('Title is required');
    await expect(page.getByRole('link', { name: 'Français' })).toHaveAttribute('aria-current', 'page');

    await page.goto('/admin/contact');
    await page.getByLabel('Instagram URL').fill('ftp://example.com/atelier');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.locator('#contact-instagram-error')).toHaveText(
      'Enter a full Instagram address starting with https://, or leave it empty',
    );
  });
});

test('an editor may edit the landing content but gets 403 on Contact Settings', async ({ page }) => {
  await signIn(page, ACCOUNTS.editor.email);
  const content = await page.goto('/admin/content');
  expect(content?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Content Management' })).toBeVisible();
  const contact = await page.goto('/admin/contact');
  expect(contact?.status()).toBe(403);
  const post = await page.request.post('/admin/contact', {
    form: { phone: '+1 555 0100' },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(post.status()).toBe(403);
});

test('the Content and Contact screens have no axe violations', async ({ page }) => {
  await signIn(page);
  for (const path of ['/admin/content', '/admin/content?tab=about', '/admin/content?tab=services', '/admin/contact']) {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => `${path}: ${violation.id} (${violation.nodes.length})`)).toEqual([]);
  }
});

// Drafts change nothing visitors see, so this history test may save them here (and discards its draft at the end).
test('the landing copy keeps a revision per save: the Revisions panel compares one and restores it as an unsaved change', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/admin/content?lang=fr');
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  const original = await title.inputValue();
  try {
    const version = page.locator('form input[name="version"]').first();
    for (const mark of ['version A', 'version B']) {
      const opened = Number(await version.inputValue());
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`${original} (${mark})`);
      await page.getByRole('button', { name: 'Save draft' }).click();
      // The form holding the next version says this save is done (the first save's toast may still show).
      await expect(version).toHaveValue(String(opened + 1));
      await expectToast(page, 'Draft saved: visitors see it once someone who may publish publishes it.');
      await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(`${original} (${mark})`);
    }
    await page.getByRole('button', { name: 'Revisions' }).click();
    const history = page.getByRole('list', { name: 'Revisions, newest first' });
    await expect(history.getByRole('button').first()).toContainText('Changed Hero');
    // The revision before the last: version A, compared with the stored copy (version B).
    await history.getByRole('button').nth(1).click();
    const panel = page.getByRole('region', { name: 'Revisions' });
    await expect(panel.getByRole('heading', { name: 'Hero title' })).toBeVisible();
    await expect(panel.locator('ins')).toContainText('A');
    await expect(panel.locator('del')).toContainText('B');
    await panel.getByRole('button', { name: 'Restore this revision' }).click();
    await page.getByRole('alertdialog', { name: 'Restore this revision?' }).getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(`${original} (version A)`);
    await expect(page.getByRole('note')).toContainText('Loaded the revision by Administrator');
    await expect(page.getByRole('note')).toContainText('It is not saved yet');
  } finally {
    await page.goto('/admin/content?lang=fr');
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page.getByRole('alertdialog', { name: 'Discard draft' }).getByRole('button', { name: 'Discard draft' }).click();
    await expect(page.getByText('Draft discarded: visitors keep seeing the published content.')).toBeVisible();
  }
});
