import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';

import { ACCOUNTS } from './support/accounts.ts';
import { signIn } from './support/auth.ts';
import { uniqueTitle } from './support/content.ts';
import { expect, test } from './support/fixtures.ts';

// The editor loads CodeMirror and renders its preview frame again on each change: on a loaded two-core machine one
// test takes over a minute, so this file gets twice the default bound.
test.describe.configure({ timeout: 120_000 });

const editorUrl = (id: string) => `/admin/themes/${id}/edit`;

/** A theme of this test's own, made through New Theme, which opens it in the editor; answers its id. */
async function createTheme(page: Page, preset: 'Default' | 'Dark' = 'Default'): Promise<string> {
  await page.goto('/admin/themes/new');
  await page.getByLabel('Theme Name').fill(uniqueTitle('Editor test'));
  await page.getByRole('radio', { name: new RegExp(`${preset} theme`) }).check();
  await page.getByRole('button', { name: 'Create Theme' }).click();
  await expect(page).toHaveURL(/\/admin\/themes\/theme-\d+\/edit$/);
  await expect(page.frameLocator('iframe[title="Theme preview"]').locator('main')).toBeVisible();
  return page.url().split('/').at(-2)!;
}

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
    form: {
      intent: 'save',
      theme: JSON.stringify({
        name: 'X',
        version: 1,
        settings: {},
        sections: {},
      }),
    },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(post.status()).toBe(404);
  expect(await post.text()).toContain('Cannot save: No theme selected');
});

test('an editor, who lacks manage_settings, is refused the theme editor and its save', async ({ page }) => {
  await signIn(page, ACCOUNTS.editor.email);
  expect((await page.goto(editorUrl('modern-dark')))?.status()).toBe(403);
  const post = await page.request.post(editorUrl('modern-dark'), {
    form: { intent: 'save', theme: '{}' },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(post.status()).toBe(403);
});

test('two people saving the same theme: the second gets a conflict, not an overwrite', async ({ browser }) => {
  // Two sign-ins, a new theme and two editors: slow on a loaded machine.
  test.setTimeout(120_000);
  const first = await browser.newPage();
  const second = await browser.newPage();
  await signIn(first);
  await signIn(second);
  const id = await createTheme(first);
  await openEditor(second, id);
  await first.getByRole('tab', { name: 'settings' }).click();
  await first.getByLabel('Primary Color', { exact: true }).fill('#112233');
  await first.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(first.getByRole('status').filter({ hasText: 'Theme saved successfully' })).toBeVisible();
  await second.getByRole('button', { name: 'Save', exact: true }).click();
  const alert = second.getByRole('alert').filter({ hasText: 'changed by someone else' });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toBeHidden();
  // Nothing was overwritten: the first person's colour is what is stored.
  await second.goto(editorUrl(id));
  await second.getByRole('tab', { name: 'settings' }).click();
  await expect(second.getByLabel('Primary Color', { exact: true })).toHaveValue('#112233');
  await first.close();
  await second.close();
});

test('malformed and oversized saves get a 4xx with a message', async ({ page }) => {
  await signIn(page);
  const origin = { Origin: new URL(page.url()).origin };
  const bad = await page.request.post(editorUrl('modern-dark'), {
    form: { intent: 'save', theme: '{not json' },
    headers: origin,
  });
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain('could not be read');
  const wrong = await page.request.post(editorUrl('modern-dark'), {
    form: {
      intent: 'save',
      theme: JSON.stringify({
        name: 'Modern Dark',
        version: 1,
        settings: { primaryColor: 'url(x)' },
        sections: {},
      }),
    },
    headers: origin,
  });
  expect(wrong.status()).toBe(400);
  expect(await wrong.text()).toContain('must be a CSS colour');
  const huge = await page.request.post(editorUrl('modern-dark'), {
    form: { intent: 'save', theme: 'x'.repeat(600_000) },
    headers: origin,
  });
  expect(huge.status()).toBe(413);
});

const frame = (page: Page) => page.frameLocator('iframe[title="Theme preview"]');
const frameBackground = (page: Page) =>
  frame(page)
    .locator('body')
    .evaluate((body) => getComputedStyle(body).backgroundColor);

test('a colour edit restyles the preview at once without reloading it; undo and redo walk the history', async ({ page }) => {
  await signIn(page);
  await openEditor(page, 'modern-dark');
  // A marker in the framed page survives only if the frame is not reloaded.
  await frame(page)
    .locator('body')
    .evaluate((body) => body.setAttribute('data-still-here', 'yes'));
  const before = await frameBackground(page);
  await page.getByRole('tab', { name: 'settings' }).click();
  const background = page.getByLabel('Background Color', { exact: true });
  const original = await background.inputValue();
  await background.fill('#ff0000');
  await expect.poll(() => frameBackground(page)).toBe('rgb(255, 0, 0)');
  await expect(frame(page).locator('body')).toHaveAttribute('data-still-here', 'yes');
  await expect(page.getByText('unsaved changes')).toBeVisible();

  await page.getByLabel('Primary Color', { exact: true }).fill('#00ff00');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByLabel('Primary Color', { exact: true })).not.toHaveValue('#00ff00');
  await expect(background).toHaveValue('#ff0000');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(background).toHaveValue(original);
  await expect.poll(() => frameBackground(page)).toBe(before);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
  await page.keyboard.press('Shift+Control+z');
  await expect(background).toHaveValue('#ff0000');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(page.getByLabel('Primary Color', { exact: true })).toHaveValue('#00ff00');
  await page.keyboard.press('Control+z');
  // Also with the focus in the preview.
  await frame(page).locator('#services h2').first().click();
  await page.keyboard.press('Control+z');
  await expect(background).toHaveValue(original);
  await expect(page.getByText('unsaved changes')).toBeHidden();

  // Leaving with unsaved changes asks first.
  await page.getByRole('tab', { name: 'settings' }).click();
  await page.getByLabel('Background Color', { exact: true }).fill('#00ff00');
  await page.getByRole('link', { name: 'Back to themes' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Unsaved changes' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page.getByLabel('Background Color', { exact: true })).toHaveValue('#00ff00');
  await page.getByRole('link', { name: 'Back to themes' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/admin\/themes$/);
});

test('a dark or light text on a background below WCAG AA gets a contrast warning', async ({ page }) => {
  await signIn(page);
  await openEditor(page, 'modern-dark');
  await page.getByRole('tab', { name: 'settings' }).click();
  await page.getByLabel('Text Color', { exact: true }).fill('#222222');
  await expect(page.getByText(/Low contrast: 1\.\d+:1 on Background Color, below the WCAG AA minimum of 4\.5:1\./).first()).toBeVisible();
});

test("every section's colours get a contrast warning against the section's background", async ({ page }) => {
  await signIn(page);
  await openEditor(page, 'modern-dark');
  const sections = page.getByRole('navigation', { name: 'Sections' });
  for (const [button, heading] of [
    [/Navigation/, 'Navigation settings'],
    [/Hero Section/, 'Hero Section settings'],
    [/Services/, 'Services settings'],
    [/About/, 'About settings'],
    [/Contact/, 'Contact settings'],
    [/Footer/, 'Footer settings'],
  ] as const) {
    await sections.getByRole('button', { name: button }).click();
    await page.getByRole('tab', { name: 'settings' }).click();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    const colors = page
      .locator('section[aria-labelledby="section-settings-title"] details')
      .filter({ has: page.locator('summary', { hasText: 'Colors' }) });
    if (!(await colors.evaluate((element: HTMLDetailsElement) => element.open))) await colors.locator('summary').click();
    // The dark theme's light text on a white section background.
    await colors.getByLabel('Section Background Color', { exact: true }).fill('#ffffff');
    const warning = /Low contrast: 1\.\d+:1 on the section's Background Color, below the WCAG AA minimum of 4\.5:1\./;
    await expect(colors.getByText(warning).first(), heading).toBeVisible();
    // A dark text colour for the section answers it.
    await colors.getByLabel('Section Text Color', { exact: true }).fill('#111111');
    await colors.getByLabel('Title Color', { exact: true }).fill('#111111');
    await expect(colors.getByText(warning)).toHaveCount(0);
  }
});

test('presets replace every theme setting; the device buttons resize the preview to the spec widths', async ({ page }) => {
  await signIn(page);
  await openEditor(page, 'modern-dark');
  await page.getByRole('button', { name: 'Default preset' }).first().click();
  await page.getByRole('tab', { name: 'settings' }).click();
  await expect(page.getByLabel('Primary Color', { exact: true })).toHaveValue('#007bff');
  await expect(page.getByLabel('H1 Size')).toHaveValue('40');
  await expect(page.getByLabel('Line Height', { exact: true })).toHaveValue('1.5');
  await expect.poll(() => frameBackground(page)).toBe('rgb(255, 255, 255)');

  const iframe = page.locator('iframe[title="Theme preview"]');
  const innerSize = () =>
    iframe.evaluate((element: HTMLIFrameElement) => [element.contentWindow!.innerWidth, element.contentWindow!.innerHeight]);
  for (const [name, width, height] of [
    ['Laptop', 1366, 0],
    ['Tablet', 768, 1024],
    ['Mobile', 375, 667],
  ] as const) {
    await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
    await expect(page.getByRole('button', { name: new RegExp(`^${name}`) })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await innerSize())[0]).toBe(width);
    if (height) expect((await innerSize())[1]).toBe(height);
    // Scaled down to fit, with the real size shown.
    const box = (await iframe.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(1280 - 384 + 1);
    await expect(page.getByTestId('preview-size')).toContainText(height ? `${width}×${height}` : `${width}px`);
  }
  await page.getByRole('button', { name: /^Desktop/ }).click();
  await expect(page.getByTestId('preview-size')).toContainText('full width');
});

test('clicking a section in the preview makes it active and opens its settings', async ({ page }) => {
  await signIn(page);
  await openEditor(page, 'modern-dark');
  await expect(page.getByRole('tab', { name: 'visual' })).toHaveAttribute('aria-selected', 'true');
  await frame(page).locator('#services h2').first().click();
  await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /Services/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(page.getByRole('tab', { name: 'settings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Services settings' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /Footer/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Footer settings' })).toBeVisible();
  // Links in the preview do not leave the page being edited.
  await frame(page).getByRole('link', { name: 'Blog' }).first().click();
  await expect(frame(page).locator('#services')).toBeVisible();
});

test('the View menu shows and hides the code editor, block layout and settings; the options menu is a two-level stack', async ({
  page,
}) => {
  await signIn(page);
  await openEditor(page, 'modern-dark');
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await page.getByRole('button', { name: 'View', exact: true }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Show Block Layout' }).click();
  await expect(sections).toBeHidden();
  await page.getByRole('menuitemcheckbox', { name: 'Show Code Editor' }).click();
  await expect(page.getByRole('tab', { name: 'code' })).toBeHidden();
  await page.getByRole('menuitemcheckbox', { name: 'Show Settings' }).click();
  await expect(page.getByRole('tab', { name: 'settings' })).toBeHidden();
  await page.getByRole('menuitemcheckbox', { name: 'Show Block Layout' }).click();
  await page.keyboard.press('Escape');
  await expect(sections).toBeVisible();

  const options = page.getByRole('region', { name: 'Theme options' });
  await options.getByRole('button', { name: 'Colors' }).click();
  await expect(options.getByLabel('Primary Color', { exact: true })).toBeVisible();
  await options.getByRole('button', { name: 'Back' }).click();
  await options.getByRole('button', { name: 'Theme Selector' }).click();
  await expect(options.getByRole('button', { name: 'Dark preset' })).toBeVisible();
  await options.getByRole('button', { name: 'Back' }).click();
  await expect(options.getByRole('button', { name: 'Colors' })).toBeVisible();
});

test("a section's CSS applies to that section live; its HTML renders the preview again from the unsaved draft", async ({ page }) => {
  await signIn(page);
  await openEditor(page, 'modern-dark');
  await frame(page)
    .locator('body')
    .evaluate((body) => body.setAttribute('data-still-here', 'yes'));
  await page.getByRole('tab', { name: 'code' }).click();
  await page.getByRole('tab', { name: 'css' }).click();
  const css = page.getByRole('textbox', { name: 'Hero Section CSS' });
  await css.click();
  await page.keyboard.type('h1 { color: rgb(255, 0, 0); }');
  await expect
    .poll(() =>
      frame(page)
        .locator('#home h1')
        .evaluate((h1) => getComputedStyle(h1).color),
    )
    .toBe('rgb(255, 0, 0)');
  // Scoped to the hero: other sections' headings keep their colour.
  expect(
    await frame(page)
      .locator('#services h2')
      .first()
      .evaluate((h2) => getComputedStyle(h2).color),
  ).not.toBe('rgb(255, 0, 0)');
  await expect(frame(page).locator('body')).toHaveAttribute('data-still-here', 'yes');
  await page.keyboard.type(' p {');
  await expect(page.getByText('The hero CSS leaves a block open.')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(page.getByText('The hero CSS leaves a block open.')).toBeHidden();

  await page.getByRole('tab', { name: 'html' }).click();
  await page.getByRole('textbox', { name: 'Hero Section HTML' }).click();
  await page.keyboard.type('<section><h1>Draft {{title}}</h1></section>');
  await expect(page.locator('iframe[title="Theme preview"]')).toHaveAttribute('src', /theme-draft=1/);
  await expect(frame(page).locator('main')).toBeVisible();
});

test('section CSS that would leave its section or load a stylesheet is refused with the reason, live and on save', async ({ page }) => {
  await signIn(page);
  const id = await createTheme(page);
  await page.getByRole('tab', { name: 'code' }).click();
  await page.getByRole('tab', { name: 'css' }).click();
  await page.getByRole('textbox', { name: 'Hero Section CSS' }).click();
  // `@\69mport` is `@import` to a browser.
  await page.keyboard.insertText('@\\69mport url(https://evil.example/x.css);');
  const atRule = 'The hero CSS may use only the at-rules @media and @supports.';
  // The save's refusal shows in the error panel, beside the code tab's own note.
  const errorPanel = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Dismiss' }) });
  await expect(page.getByText(atRule)).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(errorPanel.getByText(atRule)).toBeVisible();
  await page.keyboard.press('Control+z');
  await page.getByRole('textbox', { name: 'Hero Section CSS' }).click();
  // A browser reads `url(a{)` as one token, so the `}` after it would close the section's block.
  await page.keyboard.insertText('h1 { background: url(a{)} } body { display: none } h1 { color: red }');
  await expect(page.getByRole('tabpanel', { name: 'code' }).getByText('The hero CSS closes a block it never opened.')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(errorPanel.getByText('The hero CSS closes a block it never opened.')).toBeVisible();
  // Nothing was saved: the theme is still at its first version, and its page still shows.
  await expect(page.getByRole('region', { name: 'Saved versions' }).getByText('Version 2')).toHaveCount(0);
  await page.goto(`/?theme-preview=${id}`);
  await expect(page.locator('body')).toBeVisible();
  await expect(page.locator('#home h1')).toBeVisible();
});

test('Reset section restores the defaults; an empty template offers the default HTML', async ({ page }) => {
  await signIn(page);
  await openEditor(page, 'modern-dark');
  await page.getByRole('tab', { name: 'code' }).click();
  await page.getByRole('button', { name: 'Start from the default HTML' }).click();
  await expect(page.getByRole('textbox', { name: 'Hero Section HTML' })).toContainText('{{title}}');
  await expect(page.getByRole('button', { name: 'Start from the default HTML' })).toBeHidden();
  await page.getByRole('tab', { name: 'settings' }).click();
  await page.getByLabel('Padding Top').fill('40');
  await page.getByRole('button', { name: 'Reset section' }).click();
  await expect(page.getByLabel('Padding Top')).toHaveValue('0');
  await page.getByRole('tab', { name: 'code' }).click();
  await expect(page.getByRole('button', { name: 'Start from the default HTML' })).toBeVisible();
  await page.getByRole('tab', { name: 'css' }).click();
  // The hero is one of the two sections with a default CSS.
  await expect(page.getByRole('textbox', { name: 'Hero Section CSS' })).toContainText('.theme-hero');
});

test("a section's CSS and HTML, saved, are what the saved theme renders; the saved version can be restored", async ({ page }) => {
  await signIn(page);
  const id = await createTheme(page, 'Dark');
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await sections.getByRole('button', { name: /Navigation/ }).click();
  await page.getByRole('tab', { name: 'code' }).click();
  await page.getByRole('tab', { name: 'css' }).click();
  await page.getByRole('textbox', { name: 'Navigation CSS' }).click();
  await page.keyboard.type('header { background-color: rgb(1, 2, 3); }');
  await sections.getByRole('button', { name: /Footer/ }).click();
  await page.getByRole('tab', { name: 'html' }).click();
  await page.getByRole('textbox', { name: 'Footer HTML' }).click();
  await page.keyboard.type('<footer><p class="saved-footer">Saved footer of {{siteName}}</p><script>alert(1)</script></footer>');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Theme saved successfully' })).toBeVisible();
  await expect(page.getByText('unsaved changes')).toBeHidden();
  await expect(page.getByRole('region', { name: 'Saved versions' }).getByText('Version 2')).toBeVisible();
  // The theme as it was made stays in its history, marked as the original.
  await expect(page.getByRole('region', { name: 'Saved versions' }).getByText('Version 1 (original)')).toBeVisible();

  // The saved theme, as the server renders it for a preview of that theme.
  await page.goto(`/?theme-preview=${id}`);
  await expect(page.locator('[data-section="navbar"] header')).toHaveCSS('background-color', 'rgb(1, 2, 3)');
  await expect(page.locator('[data-section="footer"] .saved-footer')).toContainText('Saved footer of');
  await expect(page.locator('[data-section="footer"] script')).toHaveCount(0);
  // Visitors still see the active theme.
  await page.goto('/');
  await expect(page.locator('.saved-footer')).toHaveCount(0);

  // Restoring version 1 saves it as version 3: the footer HTML is gone again.
  await page.goto(`/admin/themes/${id}/edit`);
  // Restore asks first; Cancel keeps everything as it is.
  await page.getByRole('button', { name: 'Restore version 1' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Restore version 1?' });
  await expect(confirm).toContainText('replaces what the editor shows now, unsaved changes included');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('region', { name: 'Saved versions' }).getByText('Version 3')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Saved versions' }).getByText('Current')).toHaveCount(1);
  await page.getByRole('button', { name: 'Restore version 1' }).click();
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('region', { name: 'Saved versions' }).getByText('Version 3')).toBeVisible();
  await page.goto(`/?theme-preview=${id}`);
  await expect(page.locator('footer').first()).toBeVisible();
  await expect(page.locator('.saved-footer')).toHaveCount(0);
});

test('the editor has no axe violations in its visual, settings and code tabs', async ({ page }) => {
  await signIn(page);
  await openEditor(page, 'modern-dark');
  for (const tab of ['visual', 'settings', 'code']) {
    await page.getByRole('tab', { name: tab }).click();
    if (tab === 'code') await expect(page.getByRole('textbox', { name: 'Hero Section HTML' })).toBeVisible();
    // The framed public page is checked by the site's own accessibility tests.
    const results = await new AxeBuilder({ page })
      .exclude('iframe')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(
      results.violations.map((violation) => `${tab} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
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
    await page.screenshot({
      path: test.info().outputPath(`theme-editor-${viewport.width}.png`),
      fullPage: true,
    });
    await page.getByRole('tab', { name: 'settings' }).click();
    await expect(page.getByRole('heading', { name: 'Hero Section settings' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: test.info().outputPath(`theme-editor-settings-${viewport.width}.png`),
    });
    await page.getByRole('tab', { name: 'code' }).click();
    await expect(page.getByRole('textbox', { name: 'Hero Section HTML' })).toBeVisible();
    await page.screenshot({
      path: test.info().outputPath(`theme-editor-code-${viewport.width}.png`),
    });
  });
}
