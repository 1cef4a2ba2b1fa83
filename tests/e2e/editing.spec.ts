import type { Page, Route } from '@playwright/test';

import { ACCOUNTS } from './support/accounts.ts';
import { signIn } from './support/auth.ts';
import { row, uniqueTitle } from './support/content.ts';
import { expect, test } from './support/fixtures.ts';

const status = (page: Page) => page.locator('[data-autosave-status]');

async function openEditor(page: Page, title: string): Promise<string> {
  await page.goto(`/admin/pages?q=${encodeURIComponent(title)}`);
  await row(page, title)
    .getByRole('link', { name: `Edit: ${title}` })
    .click();
  await expect(page.getByLabel('Page Title')).toHaveValue(title);
  return page.url();
}

test.describe('autosave', () => {
  test.use({ signedInAs: 'administrator' });

  test('typing on while answers are slow and out of order, then closing the tab, loses not one keystroke', async ({
    page,
    content,
    context,
  }) => {
    const title = uniqueTitle('Autosaved page');
    await content.page(title, { content: 'Saved words.' });
    const editorUrl = await openEditor(page, title);

    // The first autosave is held past the editor's timeout (it reaches the server after newer ones); the others are
    // delayed by varying amounts, so answers come back in another order than the typing.
    let autosaves = 0;
    await page.route('**/admin/editing/**', async (route: Route) => {
      const body = route.request().postData() ?? '';
      if (!body.includes('"autosave"')) return route.continue();
      autosaves += 1;
      const delay = autosaves === 1 ? 12_000 : [1_500, 200, 2_500, 700][autosaves % 4]!;
      await new Promise((resolve) => setTimeout(resolve, delay));
      await route.continue().catch(() => undefined);
    });

    const typed = ' And then every word typed while the network was slow, one key at a time, must come back.';
    const field = page.getByLabel('Content');
    await field.click();
    await field.press('End');
    await field.pressSequentially(typed, { delay: 120 });
    await page.waitForTimeout(300);
    await field.pressSequentially(' The end.', { delay: 120 });
    await expect(status(page)).toHaveText(/^Autosaved at \d\d:\d\d$/, { timeout: 45_000 });
    expect(autosaves).toBeGreaterThan(1);
    await page.close();

    const reopened = await context.newPage();
    await reopened.goto(editorUrl);
    // The saved page is untouched; the autosave is offered, with what changed.
    await expect(reopened.getByLabel('Content')).toHaveValue('Saved words.');
    await reopened.getByRole('button', { name: 'Show changes' }).click();
    await expect(reopened.locator('ins').first()).toContainText('And then every word');
    await reopened.getByRole('button', { name: /^Restore the autosave from \d\d:\d\d$/ }).click();
    await expect(reopened.getByLabel('Content')).toHaveValue(`Saved words.${typed} The end.`);
    await expect(reopened.getByText(/^Loaded your autosave from \d\d:\d\d\. It is not saved yet/)).toBeVisible();
    await expect(reopened.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  test('says "Not saved — offline" when the server cannot be reached, and saves once it can', async ({ page, content }) => {
    const title = uniqueTitle('Offline page');
    await content.page(title);
    await openEditor(page, title);
    await page.route('**/admin/editing/**', (route) =>
      route.request().postData()?.includes('"autosave"') ? route.abort() : route.continue(),
    );
    await page.getByLabel('Content').fill('Written offline');
    await expect(status(page)).toHaveText('Not saved — offline', { timeout: 15_000 });
    await page.unroute('**/admin/editing/**');
    await expect(status(page)).toHaveText(/^Autosaved at \d\d:\d\d$/, { timeout: 20_000 });
  });

  test('a new page never saved is autosaved and listed under Drafts until it is saved', async ({ page }) => {
    const title = uniqueTitle('Never saved');
    await page.goto('/admin/pages/new');
    await expect(page).toHaveURL(/\?draft=new-/);
    await page.getByLabel('Page Title').fill(title);
    await page.getByLabel('Content').fill('A first idea');
    await expect(status(page)).toHaveText(/^Autosaved at \d\d:\d\d$/, { timeout: 15_000 });
    await page.goto('/admin/pages');
    const drafts = page.getByRole('region', { name: 'Drafts' });
    await drafts.getByRole('link', { name: title }).click();
    await page.getByRole('button', { name: /^Restore the autosave from/ }).click();
    await expect(page.getByLabel('Content')).toHaveValue('A first idea');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/admin\/pages$/);
    await expect(row(page, title)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Drafts' }).getByRole('link', { name: title })).toHaveCount(0);
  });
});

test.describe('revisions', () => {
  test.use({ signedInAs: 'administrator' });

  test('each save is listed newest first; a revision shows its diff and restores as an unsaved change', async ({ page, content }) => {
    const title = uniqueTitle('Revised page');
    await content.page(title, { content: 'The good first text.' });
    await openEditor(page, title);
    await page.getByLabel('Content').fill('A bad change.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/admin\/pages$/);
    await openEditor(page, title);
    await page.getByRole('button', { name: 'Revisions' }).click();
    const panel = page.getByRole('region', { name: 'Revisions' });
    const entries = panel.getByRole('list', { name: 'Revisions, newest first' }).getByRole('button');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText('Changed Content');
    await expect(entries.nth(0)).toContainText(/just now|minute/);
    await expect(entries.nth(1)).toContainText('First saved version');
    await entries.nth(1).click();
    await expect(panel.locator('ins')).toContainText('The good first text');
    await expect(panel.locator('del')).toContainText('A bad change');
    await panel.getByRole('button', { name: 'Restore this revision' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByLabel('Content')).toHaveValue('The good first text.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/admin\/pages$/);
    await openEditor(page, title);
    await page.getByRole('button', { name: 'Revisions' }).click();
    await expect(page.getByRole('list', { name: 'Revisions, newest first' }).getByRole('button')).toHaveCount(3);
  });
});

test('two editors see each other; a take-over keeps the first one’s unsaved text in their autosave', async ({ browser }) => {
  test.setTimeout(120_000);
  const first = await (await browser.newContext()).newPage();
  const second = await (await browser.newContext()).newPage();
  await signIn(first);
  await signIn(second, ACCOUNTS.editor.email);
  const title = uniqueTitle('Shared page');
  await first.request.post('/admin/pages/new', {
    form: { title, slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'), content: 'Saved.', status: 'draft', version: '' },
  });
  const url = await openEditor(first, title);
  await first.getByLabel('Content').fill('Saved. Unsaved words of the first editor.');

  await second.goto(`/admin/pages?q=${encodeURIComponent(title)}`);
  await expect(row(second, title).getByText(/ is editing$/)).toBeVisible();
  await second.goto(url);
  const banner = second.getByText(/ is editing this page since \d\d:\d\d\. You are viewing it read-only\./);
  await expect(banner).toBeVisible();
  await expect(second.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await second.getByRole('button', { name: 'Take over' }).click();
  await expect(banner).toBeHidden();

  // At the first editor's next heartbeat (every 15 s) they are told, and their text goes to their autosave.
  await expect(first.getByRole('alert').filter({ hasText: 'Editor took over this page.' })).toBeVisible({ timeout: 25_000 });
  await expect(first.getByText(/Autosaved at \d\d:\d\d/)).toBeVisible({ timeout: 15_000 });
  await expect(first.getByText(/^Editor is editing this page since/)).toHaveCount(0);

  // Reopening, the first editor finds the second one editing, takes the page back and restores their autosave.
  const again = await first.context().newPage();
  await again.goto(url);
  await expect(again.getByText(/^Editor is editing this page since \d\d:\d\d/)).toBeVisible();
  await again.getByRole('button', { name: 'Take over' }).click();
  await again.getByRole('button', { name: /^Restore the autosave from/ }).click();
  await expect(again.getByLabel('Content')).toHaveValue('Saved. Unsaved words of the first editor.');
});
