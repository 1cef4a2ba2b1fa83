import { expectToast, uniqueTitle } from './support/content.ts';
import { expect, test } from './support/fixtures.ts';

test.use({ signedInAs: 'administrator' });

test('a draft link shows the saved draft to a fresh browser, with the banner and noindex, until revoked', async ({ page, browser }) => {
  // Two browsers and several saves on a machine shared with other work.
  test.setTimeout(180_000);
  const title = uniqueTitle('Client draft');
  await page.goto('/admin/pages/new');
  await page.getByLabel('Page Title').fill(title);
  await page.getByLabel('Content').fill('Only the client should see this.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Page created successfully!');
  await page.getByRole('link', { name: `Edit: ${title}` }).click();
  await expect(page.getByText('No draft link is open.')).toBeVisible();
  await page.getByRole('button', { name: 'Share draft link' }).click();
  const field = page.getByLabel('New draft link (copy it now: it is shown only once)');
  await expect(field).toHaveValue(/\/draft\/[A-Za-z0-9_-]{43}$/);
  const url = await field.inputValue();
  await expect(page.getByRole('list', { name: 'Draft links' }).getByRole('listitem')).toHaveCount(1);

  // Someone who never signed in, in a browser of their own.
  const client = await browser.newContext();
  const visitor = await client.newPage();
  const answer = await visitor.goto(url);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()['cache-control']).toBe('private, no-store');
  expect(answer?.headers()['x-robots-tag']).toContain('noindex');
  await expect(visitor.getByRole('status').filter({ hasText: 'Draft preview' })).toBeVisible();
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText('Only the client should see this.')).toBeVisible();
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  await page.getByRole('button', { name: 'Revoke' }).click();
  await expectToast(page, 'Draft link revoked: it no longer opens the draft.');
  await expect(page.getByText('No draft link is open.')).toBeVisible();
  expect((await visitor.goto(url))?.status()).toBe(404);
  await client.close();
});
