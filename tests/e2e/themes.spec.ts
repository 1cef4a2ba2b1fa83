import { readFile } from 'node:fs/promises';

import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';

import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';
import { unique } from './support/site-data.ts';

// Nothing here activates a theme (see theme-activation.spec.ts, run after the parallel tests).

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

async function upload(page: Page, name: string, buffer: Buffer) {
  await page.getByLabel('Theme file').setInputFiles({ name, mimeType: 'application/json', buffer });
}

const card = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('Upload Theme accepts a theme file and refuses bad JSON and a wrong field, saying which', async ({ page }) => {
  await page.goto('/admin/themes');
  await expect(page.getByRole('heading', { name: 'Themes', level: 1 })).toBeVisible();
  const name = unique('Uploaded');
  await upload(
    page,
    `${name}.json`,
    json({ styles: { colors: { primary: '#aa3300', background: '#fffaf0' }, fonts: { heading: 'Poppins' } } }),
  );
  await expect(page.getByText('Theme uploaded successfully')).toBeVisible();
  await expect(card(page, name)).toContainText('Uploaded theme');
  await expect(card(page, name).getByText('Active')).toHaveCount(0);

  await upload(page, 'broken.json', Buffer.from('{ "styles": '));
  await expect(page.getByText('Invalid theme file format', { exact: true })).toBeVisible();
  await expect(card(page, 'broken')).toHaveCount(0);

  await upload(page, 'wrong-field.json', json({ settings: { primaryColor: 'url(javascript:alert(1))' } }));
  await expect(page.getByText(/^Invalid theme file format: settings\.primaryColor must be a CSS colour/)).toBeVisible();
  await expect(card(page, 'wrong-field')).toHaveCount(0);
});

test('Upload Theme refuses section CSS that would leave its section or load a stylesheet, saying why', async ({ page }) => {
  await page.goto('/admin/themes');
  await upload(page, 'escape.json', json({ sections: { hero: { css: 'h1{background:url(a{)}} body{display:none} h1{color:red}' } } }));
  await expect(page.getByText('Invalid theme file format: sections.hero.css: The hero CSS closes a block it never opened.')).toBeVisible();
  await upload(page, 'import.json', json({ sections: { about: { css: '@\\69mport url(https://evil.example/x.css);' } } }));
  await expect(
    page.getByText('Invalid theme file format: sections.about.css: The about CSS may use only the at-rules @media and @supports.'),
  ).toBeVisible();
  await expect(card(page, 'escape')).toHaveCount(0);
  await expect(card(page, 'import')).toHaveCount(0);
});

test('New Theme makes an inactive theme from the dark preset and opens it in the editor', async ({ page }) => {
  await page.goto('/admin/themes');
  await page.getByRole('link', { name: 'New Theme' }).click();
  await expect(page).toHaveURL(/\/admin\/themes\/new$/);
  await page.getByRole('button', { name: 'Create Theme' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  const name = unique('Night');
  await page.getByLabel('Theme Name').fill(name);
  await page.getByRole('radio', { name: /Dark/ }).check();
  await page.getByRole('button', { name: 'Create Theme' }).click();
  await expect(page).toHaveURL(/\/admin\/themes\/theme-\d+\/edit$/);
  const id = /themes\/(theme-\d+)\/edit/.exec(page.url())![1]!;
  const exported = (await (await page.request.get(`/admin/themes/${id}/export`)).json()) as {
    name: string;
    settings: Record<string, unknown>;
  };
  expect(exported.name).toBe(name);
  expect(exported.settings).toMatchObject({ primaryColor: '#2a85ff', h1Size: 48, lineHeight: 1.6, sectionSpacing: 80, contentWidth: 1200 });
  await page.goto('/admin/themes');
  await expect(card(page, name)).toBeVisible();
  await expect(card(page, name).getByText('Active')).toHaveCount(0);
});

test('Preview shows the public pages in a theme for this user only, and an anonymous visitor still sees the active one', async ({
  page,
  browser,
}) => {
  await page.goto('/admin/themes');
  await card(page, 'Modern Dark').getByRole('button', { name: 'Preview: Modern Dark' }).click();
  const banner = page.getByRole('status').filter({ hasText: 'Preview Mode' });
  await expect(banner).toContainText('Modern Dark');
  const frame = page.frameLocator('iframe[title="Modern Dark theme preview"]');
  await expect(frame.locator('main')).toBeVisible();
  await expect.poll(() => frame.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgb(17, 24, 39)');
  // Links inside the preview stay in the previewed theme.
  await page.getByLabel('Page').selectOption({ label: 'Blog' });
  await expect(frame.locator('main h1')).toBeVisible();
  await expect.poll(() => frame.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgb(17, 24, 39)');
  await page.getByRole('button', { name: /Mobile/ }).click();
  await expect(page.getByText('Mobile: 375×667')).toBeVisible();

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  for (const path of ['/', '/?theme-preview=modern-dark']) {
    await anonymous.goto(path);
    expect(await anonymous.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgb(255, 255, 255)');
  }
  const reply = await anonymous.request.get('/?theme-preview=modern-dark');
  expect(reply.headers()['cache-control']).toBe('private, no-store');
  expect(reply.headers()['x-cache']).not.toBe('HIT');
  await visitor.close();

  await page.getByRole('button', { name: 'Exit Preview' }).click();
  await expect(page.getByText('Preview Mode')).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/themes$/);
});

test('Export writes a .json file that Upload Theme accepts as the same theme', async ({ page }) => {
  await page.goto('/admin/themes');
  const download = page.waitForEvent('download');
  await card(page, 'Modern Dark').getByRole('link', { name: 'Export: Modern Dark' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Modern-Dark.json');
  const buffer = await readFile((await file.path())!);
  const original = JSON.parse(buffer.toString('utf8')) as { settings: unknown; sections: unknown };
  const name = unique('Round trip');
  await upload(page, `${name}.json`, buffer);
  await expect(page.getByText('Theme uploaded successfully')).toBeVisible();
  const exportLink = card(page, name).getByRole('link', { name: `Export: ${name}` });
  const again = (await (await page.request.get((await exportLink.getAttribute('href'))!)).json()) as typeof original;
  expect(again.settings).toEqual(original.settings);
  expect(again.sections).toEqual(original.sections);
});

test('Delete asks first, removes the theme, and is never offered or allowed for the default theme', async ({ page }) => {
  await page.goto('/admin/themes');
  const name = unique('Short lived');
  await upload(page, `${name}.json`, json({ colors: { primary: '#123456' } }));
  await expect(page.getByText('Theme uploaded successfully')).toBeVisible();
  await expect(card(page, 'Default Light').getByRole('button', { name: /Delete/ })).toHaveCount(0);

  await card(page, name)
    .getByRole('button', { name: `Delete: ${name}` })
    .click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card(page, name)).toBeVisible();
  await card(page, name)
    .getByRole('button', { name: `Delete: ${name}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${name} theme deleted`)).toBeVisible();
  await expect(card(page, name)).toHaveCount(0);

  const forced = await page.request.post('/admin/themes', { form: { intent: 'delete', id: 'default' } });
  expect(forced.status()).toBe(403);
  expect(await forced.text()).toMatch(/Can(?:'|&#x27;|\\u0027)t delete default theme/);
  await page.goto('/admin/themes');
  await expect(card(page, 'Default Light')).toBeVisible();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the Themes screen and its preview fit ${viewport.width}×${viewport.height}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/admin/themes');
    await expect(card(page, 'Default Light')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`themes-${viewport.width}.png`), fullPage: true });
    await page.goto('/admin/themes?preview=modern-dark');
    await expect(page.frameLocator('iframe').locator('main')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`themes-preview-${viewport.width}.png`) });
  });
}

test('an editor is refused the Themes screen and its actions; the screens have no axe violations', async ({ page, browser }) => {
  // Three axe runs and a second sign-in: slow on a loaded machine.
  test.slow();
  for (const path of ['/admin/themes', '/admin/themes/new', '/admin/themes?preview=modern-dark']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
    expect(results.violations.map((violation) => `${path}: ${violation.id} (${violation.nodes.length})`)).toEqual([]);
  }
  const context = await browser.newContext();
  const editor = await context.newPage();
  await signIn(editor, 'editor@example.com');
  expect((await editor.goto('/admin/themes'))!.status()).toBe(403);
  expect((await editor.request.post('/admin/themes', { form: { intent: 'activate', id: 'modern-dark' } })).status()).toBe(403);
  expect((await editor.request.get('/admin/themes/default/export')).status()).toBe(403);
  expect(
    (await editor.request.post('/admin/themes/draft', { data: { themeId: 'default', name: 'x', settings: {}, sections: {} } })).status(),
  ).toBe(403);
  // Asked for by someone who may not manage themes, a preview address shows the active theme.
  await editor.goto('/?theme-preview=modern-dark');
  expect(await editor.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgb(255, 255, 255)');
  await context.close();
});

test("the editor's unsaved theme, posted as a draft, is what /preview shows this user, and no one else", async ({ page, browser }) => {
  const refused = await page.request.post('/admin/themes/draft', {
    data: { themeId: 'default', name: 'Draft', settings: { primaryColor: 'javascript:x' }, sections: {} },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors).toHaveProperty(['settings.primaryColor']);
  const stored = await page.request.post('/admin/themes/draft', {
    data: { themeId: 'default', name: 'Draft', settings: { backgroundColor: '#fdf2f8' }, sections: {} },
  });
  expect(await stored.json()).toEqual({ ok: true, previewUrl: '/?theme-draft=1' });
  await page.goto('/preview?theme=default');
  await expect(page).toHaveURL(/\/\?theme-draft=1$/);
  expect(await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgb(253, 242, 248)');
  // Following a link keeps the draft.
  await page.locator('a[href="/blog"]').first().click();
  await expect(page).toHaveURL(/\/blog\?theme-draft=1$/);
  expect(await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgb(253, 242, 248)');

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto('/?theme-draft=1');
  expect(await anonymous.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgb(255, 255, 255)');
  await visitor.close();
  expect((await page.request.post('/admin/themes/draft', { form: { intent: 'clear' } })).status()).toBe(200);
  await page.goto('/?theme-draft=1');
  expect(await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgb(255, 255, 255)');
});
