import type { Page } from '@playwright/test';

import { signIn } from './support/auth.ts';
import { createPageThroughEditor, expectToast, row, uniqueTitle } from './support/content.ts';
import { expect, test } from './support/fixtures.ts';

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

/** The count shown on a status filter ("Draft 3" → 3). */
async function tabCount(page: Page, label: string): Promise<number> {
  const tab = page.getByRole('navigation', { name: 'Filter by status' }).getByRole('link', { name: new RegExp(`^${label} \\d+$`) });
  return Number((await tab.locator('span').textContent()) ?? 'NaN');
}

test('the pages list filters by status with counts and acts on checked rows from the keyboard', async ({ page }) => {
  // Two pages made through the editor, then every bulk action: long on a loaded machine.
  test.slow();
  const marker = uniqueTitle('Bulk');
  const first = `${marker} one`;
  const second = `${marker} two`;
  await createPageThroughEditor(page, first, { status: 'draft' });
  await createPageThroughEditor(page, second, { status: 'draft' });

  const filters = page.getByRole('navigation', { name: 'Filter by status' });
  await expect(filters.getByRole('link')).toHaveText([/^All \d+$/, /^Published \d+$/, /^Draft \d+$/, /^Review \d+$/, /^Scheduled \d+$/]);
  await expect(filters.getByRole('link', { name: /^All/ })).toHaveAttribute('aria-current', 'page');
  const drafts = await tabCount(page, 'Draft');
  const published = await tabCount(page, 'Published');

  await filters.getByRole('link', { name: /^Draft/ }).click();
  await expect(page).toHaveURL(/status=draft/);
  await expect(filters.getByRole('link', { name: /^Draft/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('row').filter({ hasText: 'Published' })).toHaveCount(0);
  await page.getByPlaceholder('Search pages...').fill(marker);
  await expect(page).toHaveURL(/q=.*status=draft|status=draft.*q=/);
  await expect(page.getByRole('row')).toHaveCount(3);

  const bar = page.getByRole('group', { name: 'Bulk actions' });
  await expect(bar).toContainText('Select pages to act on them.');
  await expect(bar.getByRole('button')).toHaveText(['Move to Trash', 'Publish', 'Set to Draft']);
  await expect(bar.getByRole('button', { name: 'Publish' })).toBeDisabled();

  // Keyboard only: Space checks each row, Enter on the bar's button acts.
  await page.getByRole('checkbox', { name: `Select: ${first}` }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('checkbox', { name: `Select: ${second}` }).focus();
  await page.keyboard.press('Space');
  await expect(bar).toContainText('2 selected');
  await expect(page.getByRole('checkbox', { name: 'Select all pages on this screen' })).toBeChecked();
  await bar.getByRole('button', { name: 'Publish' }).focus();
  await page.keyboard.press('Enter');
  await expectToast(page, '2 pages published.');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByText('No pages match')).toBeVisible();

  await page.goto(`/admin/pages?q=${encodeURIComponent(marker)}`);
  expect(await tabCount(page, 'Draft')).toBe(drafts - 2);
  expect(await tabCount(page, 'Published')).toBe(published + 2);
  await expect(row(page, first).getByText('Published', { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all pages on this screen' }).check();
  await bar.getByRole('button', { name: 'Move to Trash' }).click();
  await expectToast(page, '2 pages moved to trash.');
  await expect(page.getByText(`No pages match “${marker}”.`)).toBeVisible();

  await page.goto(`/admin/pages/trash?q=${encodeURIComponent(marker)}`);
  await expect(page.getByRole('navigation', { name: 'Filter by status' })).toHaveCount(0);
  await expect(bar.getByRole('button')).toHaveText(['Restore', 'Delete Permanently']);
  await page.getByRole('checkbox', { name: `Select: ${first}` }).check();
  await bar.getByRole('button', { name: 'Delete Permanently' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to permanently delete this page? This action cannot be undone.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('checkbox', { name: `Select: ${second}` }).check();
  await bar.getByRole('button', { name: 'Delete Permanently' }).click();
  await expect(dialog).toContainText('Are you sure you want to permanently delete these 2 pages? This action cannot be undone.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('checkbox', { name: `Select: ${second}` }).uncheck();
  await bar.getByRole('button', { name: 'Delete Permanently' }).click();
  await dialog.getByRole('button', { name: 'Delete Permanently' }).click();
  await expectToast(page, '1 page permanently deleted.');
  await expect(row(page, first)).toHaveCount(0);
  await page.getByRole('checkbox', { name: `Select: ${second}` }).check();
  await bar.getByRole('button', { name: 'Restore' }).click();
  await expectToast(page, '1 page restored as a draft.');
  await page.goto(`/admin/pages?status=draft&q=${encodeURIComponent(marker)}`);
  await expect(row(page, second).getByText('Draft', { exact: true })).toBeVisible();
});

test('the posts list offers the same filters and actions', async ({ page }) => {
  await page.goto('/admin/blog?status=published');
  const filters = page.getByRole('navigation', { name: 'Filter by status' });
  await expect(filters.getByRole('link', { name: /^Published/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('row').filter({ hasText: 'Draft' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Bulk actions' }).getByRole('button')).toHaveText([
    'Move to Trash',
    'Publish',
    'Set to Draft',
  ]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the blog and pages lists keep each row’s Edit in view while the table scrolls sideways', async ({ page }) => {
    for (const path of ['/admin/blog', '/admin/pages']) {
      await page.goto(path);
      const edit = page.getByRole('link', { name: /^Edit: / }).first();
      await expect(edit).toBeVisible();
      const box = (await edit.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    }
  });
});
