import { readFileSync } from 'node:fs';

import type { Locator } from '@playwright/test';

import { ACCOUNTS } from './support/accounts.ts';
import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';

// Settings → Import: an administrator uploads a WordPress export for a dry run, reads the report, then imports the
// same file and reads the report of the import. The file is the real export of the fixture, cut down to its draft
// post and draft page, so nothing public changes for the other tests.

function draftsOnly(): Buffer {
  const xml = readFileSync('tests/fixtures/wordpress/export.xml', 'utf8');
  const head = xml.slice(0, xml.indexOf('\t\t<wp:author>'));
  const items = [...xml.matchAll(/<item>[\s\S]*?<\/item>/g)].map((match) => match[0]);
  const kept = items.filter((item) => /<wp:status><!\[CDATA\[draft\]\]><\/wp:status>/.test(item));
  return Buffer.from(`${head}\n${kept.join('\n')}\n</channel>\n</rss>\n`.replaceAll('127.0.0.1:18204', 'e2e-import.example'));
}

const reportRow = (report: Locator, type: string) => report.getByRole('row', { name: new RegExp(`^${type}\\b`, 'i') });

test('an administrator dry-runs a WordPress export, reads the report, then imports it', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/settings?tab=import');
  await expect(page.getByRole('tab', { name: 'Import' })).toHaveAttribute('aria-selected', 'true');
  const file = { name: 'studio-nord.xml', mimeType: 'text/xml', buffer: draftsOnly() };

  await page.getByLabel('WordPress export file').setInputFiles(file);
  await expect(page.getByLabel(/^Dry run/)).toBeChecked();
  await page.getByRole('button', { name: 'Upload and start' }).click();
  await expect(page.getByText('Dry run started')).toBeVisible();

  const dryRun = page.getByRole('listitem', { name: 'Dry run of studio-nord.xml' }).first();
  await expect(dryRun.getByRole('status')).toHaveText('Done', { timeout: 30_000 });
  const dryReport = dryRun.getByRole('table', { name: 'Report of studio-nord.xml' });
  await expect(dryReport.getByRole('columnheader', { name: 'Would import' })).toBeVisible();
  await expect(reportRow(dryReport, 'posts').getByRole('cell')).toHaveText(['1', '1', '0', '0']);
  await expect(reportRow(dryReport, 'pages').getByRole('cell')).toHaveText(['1', '1', '0', '0']);

  await dryRun.getByRole('button', { name: 'Import this file' }).click();
  await expect(page.getByText('Import started')).toBeVisible();
  const imported = page.getByRole('listitem', { name: 'Import of studio-nord.xml' }).first();
  await expect(imported.getByRole('status')).toHaveText('Done', { timeout: 30_000 });
  const report = imported.getByRole('table', { name: 'Report of studio-nord.xml' });
  await expect(report.getByRole('columnheader', { name: 'Imported' })).toBeVisible();
  await expect(reportRow(report, 'posts').getByRole('cell')).toHaveText(['1', '1', '0', '0']);
  await expect(reportRow(report, 'pages').getByRole('cell')).toHaveText(['1', '1', '0', '0']);
  // The dry run's file went into the import: it is not offered again.
  await expect(page.getByRole('button', { name: 'Import this file' })).toHaveCount(0);

  // The imported draft is in the posts list.
  await page.goto('/admin/blog?status=draft');
  await expect(page.getByRole('link', { name: 'Ideas for the autumn' }).first()).toBeVisible();
});

test('an editor can neither open the Import tab nor start an import', async ({ page }) => {
  await signIn(page, ACCOUNTS.editor.email);
  expect((await page.goto('/admin/settings?tab=import'))?.status()).toBe(403);
  const post = await page.request.post('/admin/settings/import', {
    headers: { Origin: new URL(page.url()).origin },
    multipart: { file: { name: 'export.xml', mimeType: 'text/xml', buffer: draftsOnly() }, dryRun: 'on' },
  });
  expect(post.status()).toBe(403);
});
