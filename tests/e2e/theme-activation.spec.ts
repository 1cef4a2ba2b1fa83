import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';
import { unique } from './support/site-data.ts';

// Activating a theme changes every public page, so playwright.config.ts runs this file with the
// site-wide projects, after the parallel tests; it puts the default theme back at the end.
test.describe.configure({ mode: 'serial' });

test('an activated theme restyles the public site at once: variables, scoped section CSS and a section template', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await page.goto('/admin/themes');
  const name = unique('Terracotta');
  const file = {
    settings: { primaryColor: '#aa0000', backgroundColor: '#fff8f0', h1Size: 44 },
    sections: {
      hero: { css: 'h1 { letter-spacing: 3px; }' },
      services: {
        html: '<section id="services"><h2 class="tpl-title">{{title}}</h2>{{#items}}<p class="tpl-item">{{title}}</p>{{/items}}<img src=x onerror="document.title=1"></section>',
      },
    },
  };
  await page
    .getByLabel('Theme file')
    .setInputFiles({ name: `${name}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  await expect(page.getByText('Theme uploaded successfully')).toBeVisible();

  // Seen by a visitor before the change, so the cached page must be replaced.
  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto('/');
  try {
    await page.getByRole('button', { name: `Activate: ${name}` }).click();
    await expect(page.getByText(`${name} theme activated`)).toBeVisible();
    await expect(page.getByRole('listitem', { name, exact: true }).getByText('Active')).toBeVisible();

    await anonymous.goto('/');
    const variable = (property: string) =>
      anonymous.evaluate((p) => getComputedStyle(document.documentElement).getPropertyValue(p).trim(), property);
    expect(await variable('--theme-primary-color')).toBe('#aa0000');
    expect(await variable('--theme-h1-size')).toBe('44px');
    expect(await anonymous.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgb(255, 248, 240)');
    const stylesheet = await anonymous.locator('link[rel="stylesheet"][href^="/theme/"]').getAttribute('href');
    expect(stylesheet).toMatch(/^\/theme\/theme-\d+\/1\/sections\.css$/);
    const css = await anonymous.request.get(stylesheet!);
    expect(css.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    await expect(anonymous.locator('[data-section="hero"] h1')).toHaveCSS('letter-spacing', '3px');
    // Scoped: the same rule does not reach other sections' headings.
    await expect(anonymous.locator('[data-section="about"] h2').first()).not.toHaveCSS('letter-spacing', '3px');
    await expect(anonymous.locator('[data-section="services"] .tpl-title')).toHaveText('Our Services');
    await expect(anonymous.locator('[data-section="services"] .tpl-item')).toHaveCount(6);
    expect(await anonymous.locator('[data-section="services"] img').getAttribute('onerror')).toBeNull();
  } finally {
    await visitor.close();
    await page.goto('/admin/themes');
    await page.getByRole('button', { name: 'Activate: Default Light' }).click();
    await expect(page.getByText('Default Light theme activated')).toBeVisible();
    await page.getByRole('button', { name: `Delete: ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`${name} theme deleted`)).toBeVisible();
  }
  const after = await browser.newContext();
  const check = await after.newPage();
  await check.goto('/');
  expect(await check.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--theme-primary-color').trim())).toBe(
    '#3B82F6',
  );
  await after.close();
});
