import { expect, type Page, test } from '@playwright/test';
import { ACCOUNTS } from './support/accounts.ts';
import { signIn } from './support/auth.ts';

const editorUrl = (id: string) => `/admin/themes/${id}/edit`;

async function openEditor(page: Page, id: string) {
  await page.goto(editorUrl(id));
  await expect(page.getByText('Editing theme')).toBeVisible();
  await expect(page.frameLocator('iframe[title="Theme preview"]').locator('main')).toBeVisible();
}

test('a theme that does not exist shows No Theme Selected, and saving it is refused', async ({ page }) => {
  await signIn(page);
  const response = await page.goto(editorUrl('no-such-theme'));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'No Theme Selected' })).toBeVisible();
  await expect(page.getByText('Please select a theme to edit.')).toBeVisible();
  const post = await page.request.post(editorUrl('no-such-theme'), {
    form: { intent: 'save', theme: JSON.stringify({ name: 'X', version: 1, settings: {}, sections: {} }) },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(post.status()).toBe(404);
  expect(await post.text()).toContain('Cannot save: No theme selected');
});

test('an editor, who lacks manage_settings, is refused the theme editor and its save', async ({ page }) => {
  await signIn(page, ACCOUNTS.editor.email);
  expect((await page.goto(editorUrl('modern-dark')))?.status()).toBe(403);
  const post = await page.request.post(editorUrl('modern-dark'), { form: { intent: 'save', theme: '{}' }, headers: { Origin: new URL(page.url()).origin } });
  expect(post.status()).toBe(403);
});

test('two people saving the same theme: the second gets a conflict, not an overwrite', async ({ browser }) => {
  const first = await browser.newPage();
  const second = await browser.newPage();
  await signIn(first);
  await signIn(second);
  // Saving an unchanged theme bumps its version and changes nothing a visitor sees.
  await openEditor(first, 'modern-dark');
  await openEditor(second, 'modern-dark');
  await first.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(first.getByRole('status').filter({ hasText: 'Theme saved successfully' })).toBeVisible();
  await second.getByRole('button', { name: 'Save', exact: true }).click();
  const alert = second.getByRole('alert').filter({ hasText: 'changed by someone else' });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toBeHidden();
  await first.close();
  await second.close();
});

test('malformed and oversized saves get a 4xx with a message', async ({ page }) => {
  await signIn(page);
  const origin = { Origin: new URL(page.url()).origin };
  const bad = await page.request.post(editorUrl('modern-dark'), { form: { intent: 'save', theme: '{not json' }, headers: origin });
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain('could not be read');
  const wrong = await page.request.post(editorUrl('modern-dark'), {
    form: { intent: 'save', theme: JSON.stringify({ name: 'Modern Dark', version: 1, settings: { primaryColor: 'url(x)' }, sections: {} }) },
    headers: origin,
  });
  expect(wrong.status()).toBe(400);
  expect(await wrong.text()).toContain('must be a CSS colour');
  const huge = await page.request.post(editorUrl('modern-dark'), { form: { intent: 'save', theme: 'x'.repeat(600_000) }, headers: origin });
  expect(huge.status()).toBe(413);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the editor fits a ${viewport.width}×${viewport.height} screen`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page);
    await openEditor(page, 'modern-dark');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const name of ['Save', 'Preview', 'View']) await expect(page.getByRole('button', { name, exact: true })).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath(`theme-editor-${viewport.width}.png`), fullPage: true });
  });
}
