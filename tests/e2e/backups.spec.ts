import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import * as tar from 'tar';

import { ACCOUNTS, E2E_DATA_DIR } from './support/accounts.ts';
import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';

// Settings → Backups: an administrator downloads a backup of the whole site, sets the schedule and retention, and
// sees the kept backups with their size and date. Nothing public changes.

test('an administrator downloads a backup now, sets the schedule, and sees the kept backups', async ({ page }, testInfo) => {
  // Two downloads of a whole site's archive (now, and a kept one) on a shared 2-core machine.
  test.setTimeout(240_000);
  await signIn(page);
  await page.goto('/admin/settings?tab=backups');
  await expect(page.getByRole('tab', { name: 'Backups' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No scheduled backup yet.')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download backup now' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^atelier-\d{8}T\d{6}Z-download\.tar\.gz$/);
  const saved = testInfo.outputPath('site.tar.gz');
  await download.saveAs(saved);
  const entries: string[] = [];
  await tar.list({ file: saved, onReadEntry: (entry) => entries.push(entry.path) });
  expect(entries).toContain('manifest.json');
  expect(entries).toContain('tables/blog_posts.jsonl');
  expect(entries.some((entry) => entry.startsWith('uploads/seed/'))).toBe(true);

  // The schedule and its retention count, checked by the shared rules, then saved.
  const keep = page.getByLabel('Backups to keep');
  await keep.fill('0');
  await page.getByRole('button', { name: 'Save Backup Settings' }).click();
  await expect(page.getByText('Keep must be a whole number from 1 to 100.')).toBeVisible();
  await page.getByLabel('Schedule', { exact: true }).selectOption('daily');
  await keep.fill('5');
  await page.getByRole('button', { name: 'Save Backup Settings' }).click();
  await expect(page.getByText('Settings saved successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Schedule', { exact: true })).toHaveValue('daily');
  await expect(page.getByLabel('Backups to keep')).toHaveValue('5');

  // A backup the schedule wrote into DATA_DIR/backups is listed with its size and date.
  const backups = path.join(E2E_DATA_DIR, 'backups');
  mkdirSync(backups, { recursive: true });
  copyFileSync(saved, path.join(backups, 'atelier-20261128T030000Z.tar.gz'));
  try {
    await page.reload();
    const row = page.getByRole('row', { name: /atelier-20261128T030000Z\.tar\.gz/ });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toHaveText(/^\d+(\.\d+)? (KB|MB)$/);
    expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('backups-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('backups-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    // Each kept backup downloads from where it is kept, the same archive.
    const keptDownload = page.waitForEvent('download');
    await row.getByRole('link', { name: 'Download atelier-20261128T030000Z.tar.gz' }).click();
    const kept = await keptDownload;
    expect(kept.suggestedFilename()).toBe('atelier-20261128T030000Z.tar.gz');
    const keptFile = testInfo.outputPath('kept.tar.gz');
    await kept.saveAs(keptFile);
    expect(readFileSync(keptFile)).toEqual(readFileSync(saved));
  } finally {
    rmSync(backups, { recursive: true, force: true });
    await page.getByLabel('Schedule', { exact: true }).selectOption('off');
    await page.getByRole('button', { name: 'Save Backup Settings' }).click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();
  }
});

test('an editor can neither open the Backups tab nor download a backup', async ({ page }) => {
  await signIn(page, ACCOUNTS.editor.email);
  expect((await page.goto('/admin/settings?tab=backups'))?.status()).toBe(403);
  const post = await page.request.post('/admin/settings/backup', { headers: { Origin: new URL(page.url()).origin } });
  expect(post.status()).toBe(403);
  expect(post.headers()['content-type']).not.toContain('gzip');
  const kept = await page.request.get('/admin/settings/backups/atelier-20261128T030000Z.tar.gz');
  expect(kept.status()).toBe(403);
});
