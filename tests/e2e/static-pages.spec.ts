import { expect, test } from './support/fixtures.ts';
import { createPage, unique } from './support/site-data.ts';

test('a published page renders its Markdown: headings, lists and links', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await expect(page.getByRole('heading', { level: 2, name: 'Your rights' })).toBeVisible();
  await expect(page.locator('.site-prose ul').first().locator('li').first()).toBeVisible();
  await expect(page.locator('.site-prose').getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/cookie-policy');
  await expect(page).toHaveTitle('Privacy Policy · Atelier');
});

test('page Markdown is sanitized: no scripts, handlers or remote images', async ({ page }) => {
  const title = unique('Unsafe');
  const { slug } = createPage({
    title,
    content:
      '## Safe heading\n\n<script>window.__pwned = true</script>\n\n<img src="x" onerror="window.__pwned = true">\n\n![remote](https://evil.example/x.png)\n\n[ok](https://example.com)',
  });
  await page.goto(`/${slug}`);
  await expect(page.getByRole('heading', { name: 'Safe heading' })).toBeVisible();
  const html = await page.locator('.site-prose').innerHTML();
  expect(html).not.toContain('<script');
  expect(html).not.toContain('onerror');
  expect(html).not.toContain('evil.example');
  await expect(page.locator('.site-prose').getByRole('link', { name: 'ok' })).toHaveAttribute('rel', 'noopener noreferrer');
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
});

test('draft, trashed and unknown pages answer 404', async ({ page }) => {
  const draft = createPage({ title: unique('Draft page'), content: 'Not yet', status: 'draft' });
  const trashed = createPage({ title: unique('Trashed page'), content: 'Gone', status: 'trash' });
  for (const slug of [draft.slug, trashed.slug, 'no-such-page']) {
    const response = await page.goto(`/${slug}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  }
});
