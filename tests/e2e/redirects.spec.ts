import { signIn } from './support/auth.ts';
import { expectToast } from './support/content.ts';
import { expect, test } from './support/fixtures.ts';
import { unique } from './support/users.ts';

test('an administrator adds, edits, imports, exports and deletes redirects from Settings; visitors follow them; loops are refused', async ({
  page,
  browser,
}) => {
  const id = unique();
  const from = `/e2e-old-${id}`;
  await signIn(page);
  await page.goto('/admin/settings?tab=advanced');
  await page.getByRole('link', { name: 'Manage Redirects' }).click();
  await expect(page.getByRole('heading', { name: 'Redirects', level: 1 })).toBeVisible();

  await page.getByLabel('From path').fill(from);
  await page.getByLabel('To path or URL').fill('//evil.example');
  await page.getByRole('button', { name: 'Add Redirect' }).click();
  await expect(page.getByText('would leave the site')).toBeVisible();
  await page.getByLabel('To path or URL').fill('/about');
  await page.getByRole('button', { name: 'Add Redirect' }).click();
  await expectToast(page, 'Redirect added');

  const visitor = await browser.newPage();
  await visitor.goto(from);
  await expect(visitor).toHaveURL(/\/about$/);

  // A redirect to a redirected path leads straight to the end of the chain.
  await page.getByLabel('From path').fill(`/e2e-chain-${id}`);
  await page.getByLabel('To path or URL').fill(from);
  await page.getByRole('button', { name: 'Add Redirect' }).click();
  await expectToast(page, 'Redirect added');
  await page.getByRole('searchbox', { name: 'Search redirects by path or address' }).fill(id);
  await expect(page).toHaveURL(new RegExp(`q=${id}`));
  const row = page.getByRole('row').filter({ hasText: from });
  await expect(row).toContainText('/about');
  await expect(row).toContainText('301 Permanent');
  await expect(page.getByRole('row').filter({ hasText: `/e2e-chain-${id}` })).toContainText('/about');

  await row.getByRole('link', { name: `Edit: ${from}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Redirect' })).toBeVisible();
  await page.getByLabel('To path or URL').fill(from);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('A redirect cannot point to its own path')).toBeVisible();
  await page.getByLabel('To path or URL').fill('/blog');
  await page.getByLabel('Type').selectOption('302');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Redirect updated')).toBeVisible();

  await visitor.goto(`${from}?ref=mail`);
  await expect(visitor).toHaveURL(/\/blog\?ref=mail$/);
  // Two visits: two hits, counted just after each answer.
  await expect(async () => {
    await page.goto(`/admin/settings/redirects?q=${id}`);
    await expect(page.getByRole('row').filter({ hasText: from }).getByRole('cell').nth(3)).toHaveText('2', { timeout: 1000 });
  }).toPass();
  await expect(page.getByRole('row').filter({ hasText: from })).toContainText('302 Temporary');

  // Import: two rows; export reads them back.
  const csv = `From,To,Status\n/e2e-import-a-${id},/about,301\n/e2e-import-b-${id},https://partner.example/x,302\n`;
  await page.getByLabel('CSV file').setInputFiles({ name: 'redirects.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await expect(page.getByText('Redirects imported: 2 added, 0 changed')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const exported = await (await download).path().then((file) => import('node:fs').then((fs) => fs.readFileSync(file, 'utf8')));
  expect(exported).toContain(`"/e2e-import-b-${id}","https://partner.example/x","302"`);

  await page.goto(`/admin/settings/redirects?q=${id}`);
  await page.screenshot({ path: 'reports/screens/redirects-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'reports/screens/redirects-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: `Delete: /e2e-import-a-${id}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Redirect deleted')).toBeVisible();
  expect((await visitor.request.get(`/e2e-import-a-${id}`, { maxRedirects: 0 })).status()).toBe(404);
  await visitor.close();
});

test('changing a published page’s slug keeps the old address working with a 301', async ({ page, content }) => {
  const id = unique();
  await signIn(page);
  await content.page(`Moving Page ${id}`, { status: 'published' });
  const oldPath = `/moving-page-${id}`;
  await page.goto(`/admin/pages?q=${encodeURIComponent(`Moving Page ${id}`)}`);
  await page.getByRole('link', { name: `Edit: Moving Page ${id}` }).click();
  await page.getByLabel('URL Slug').fill(`moved-page-${id}`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Page updated successfully!')).toBeVisible();

  const reply = await page.request.get(oldPath, { maxRedirects: 0 });
  expect(reply.status()).toBe(301);
  expect(reply.headers()['location']).toBe(`/moved-page-${id}`);
  await page.goto(oldPath);
  await expect(page).toHaveURL(new RegExp(`/moved-page-${id}$`));
  await expect(page.getByRole('heading', { name: `Moving Page ${id}` })).toBeVisible();
});
