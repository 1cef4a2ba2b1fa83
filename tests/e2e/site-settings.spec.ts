import { type Page } from '@playwright/test';

import { ACCOUNTS } from './support/accounts.ts';
import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';
import { createPost, insertMessage, unique } from './support/site-data.ts';

// These tests change what every public page shows, so playwright.config.ts runs them in their
// own project after all others (see the 'site-wide' project), one at a time.
test.describe.configure({ mode: 'serial' });

async function saveGeneral(page: Page, values: { siteName: string; showSiteName: boolean; logo: string }) {
  await page.goto('/admin/settings');
  await page.getByLabel('Site Name', { exact: true }).fill(values.siteName);
  await page.getByLabel('Show Site Name').setChecked(values.showSiteName);
  await page.getByLabel('Logo URL').fill(values.logo);
  const save = page.getByRole('button', { name: 'Save Changes' });
  if (await save.isVisible()) {
    await save.click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();
  }
}

test('a new site name and a logo chosen with the picker show in the public header at once', async ({ page, browser }) => {
  await signIn(page);
  await page.goto('/admin/settings');
  const original = {
    siteName: await page.getByLabel('Site Name', { exact: true }).inputValue(),
    showSiteName: await page.getByLabel('Show Site Name').isChecked(),
    logo: await page.getByLabel('Logo URL').inputValue(),
  };
  // The public home page, cached before the change.
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto('/');
  await publicPage.goto('/');
  try {
    const name = unique('Studio');
    const save = page.getByRole('button', { name: 'Save Changes' });
    await expect(save).toBeHidden();
    await page.getByLabel('Site Name', { exact: true }).fill(name);
    await page.getByLabel('Show Site Name').check();
    await page.getByRole('button', { name: 'Upload' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose Image' });
    await picker.getByLabel('Search the media library').fill('team');
    await picker.getByRole('button', { name: 'Choose Team photo' }).click();
    await expect(picker).toBeHidden();
    await expect(page.getByLabel('Logo URL')).toHaveValue('/media/seed/team-photo.jpg');
    await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
    await save.click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();
    // Saving clears the "changed" mark.
    await expect(save).toBeHidden();
    await expect(page.getByLabel('Site Name', { exact: true })).toHaveValue(name);

    await publicPage.goto('/');
    const header = publicPage.locator('header').first();
    await expect(header.getByText(name, { exact: true })).toBeVisible();
    await expect(header.locator('img').first()).toHaveAttribute('src', '/media/seed/team-photo.jpg');
    await expect(publicPage).toHaveTitle(new RegExp(`^${name}`));
  } finally {
    await saveGeneral(page, original);
    await visitor.close();
  }
});

test('Clear Cache empties the public pages cache', async ({ page, request }) => {
  await request.get('/blog');
  expect((await request.get('/blog')).headers()['x-cache']).toBe('HIT');
  await signIn(page);
  await page.goto('/admin/settings?tab=advanced');
  await page.getByRole('button', { name: 'Clear Cache' }).click();
  await expect(page.getByText('Cache cleared: public pages will be rebuilt on their next visit')).toBeVisible();
  expect((await request.get('/blog')).headers()['x-cache']).toBe('MISS');
});

async function saveAdvanced(page: Page, values: { cacheTtl?: string; maintenanceMode?: boolean; debugMode?: boolean }) {
  await page.goto('/admin/settings?tab=advanced');
  const panel = page.getByRole('tabpanel', { name: 'Advanced' });
  if (values.cacheTtl) await panel.getByLabel('Cache TTL').selectOption(values.cacheTtl);
  if (values.maintenanceMode !== undefined) await panel.getByLabel('Maintenance Mode').setChecked(values.maintenanceMode);
  if (values.debugMode !== undefined) await panel.getByLabel('Debug Mode').setChecked(values.debugMode);
  await panel.getByRole('button', { name: 'Save Advanced Settings' }).click();
  await expect(page.getByText('Settings saved successfully')).toBeVisible();
}

test('Cache TTL is stored and sets how long shared caches keep a public page', async ({ page, request }) => {
  await signIn(page);
  await page.goto('/admin/settings?tab=advanced');
  const panel = page.getByRole('tabpanel', { name: 'Advanced' });
  const ttl = panel.getByLabel('Cache TTL');
  await expect(ttl.locator('option')).toHaveText([/300 seconds/, /900 seconds/, /1800 seconds/, /3600 seconds/, /86400 seconds/]);
  const original = await ttl.inputValue();
  try {
    await saveAdvanced(page, { cacheTtl: '900' });
    await page.reload();
    await expect(page.getByRole('tabpanel', { name: 'Advanced' }).getByLabel('Cache TTL')).toHaveValue('900');
    await request.get('/blog');
    const cached = await request.get('/blog');
    expect(cached.headers()['x-cache']).toBe('HIT');
    expect(cached.headers()['cache-control']).toBe('public, max-age=0, s-maxage=900, stale-while-revalidate=60');
    await saveAdvanced(page, { cacheTtl: '86400' });
    expect((await request.get('/blog')).headers()['cache-control']).toContain('s-maxage=86400');
  } finally {
    await saveAdvanced(page, { cacheTtl: original });
  }
});

test('Maintenance Mode: visitors get a 503 maintenance page; staff see the site with a banner; health, sign-in and admin keep working', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page);
  const visitor = await browser.newContext({ baseURL });
  const anonymous = await visitor.newPage();
  try {
    await saveAdvanced(page, { maintenanceMode: true });
    for (const path of ['/', '/blog', '/about']) {
      const response = await anonymous.goto(path);
      expect(response?.status()).toBe(503);
      expect(response?.headers()['retry-after']).toBe('600');
      expect(response?.headers()['cache-control']).toBe('no-store');
    }
    await expect(anonymous.getByRole('heading', { name: 'We’ll be back soon' })).toBeVisible();
    // In the site's look (theme, header, footer) with the ways on, without the staff's banner, in the visitor's language.
    await expect(anonymous.locator('style[data-href^="site-theme-"]')).toHaveCount(1);
    await expect(anonymous.locator('header')).toBeVisible();
    await expect(anonymous.locator('footer')).toBeVisible();
    await expect(anonymous.getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/');
    await expect(anonymous.getByRole('searchbox', { name: 'Search the blog' })).toBeVisible();
    await expect(anonymous.locator('[data-maintenance-banner]')).toHaveCount(0);
    const french = await anonymous.request.get('/blog', { headers: { 'Accept-Language': 'fr-FR,fr;q=0.9' } });
    expect(french.status()).toBe(503);
    expect(french.headers()['retry-after']).toBe('600');
    expect(await french.text()).toContain('Nous revenons bientôt');
    await anonymous.screenshot({ path: 'reports/screens/maintenance-desktop.png' });
    await anonymous.setViewportSize({ width: 390, height: 844 });
    await anonymous.screenshot({ path: 'reports/screens/maintenance-mobile.png' });
    expect((await anonymous.goto('/healthz'))?.status()).toBe(200);
    expect((await anonymous.goto('/login'))?.status()).toBe(200);
    await expect(anonymous.getByRole('button', { name: 'Sign in' })).toBeVisible();
    // A made-up session cookie is not staff.
    await visitor.addCookies([{ name: 'atelier_session', value: 'forged', url: baseURL! }]);
    expect((await anonymous.goto('/'))?.status()).toBe(503);

    // Staff: the site, with the banner.
    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    await expect(page.locator('[data-maintenance-banner]')).toHaveText(
      'Maintenance mode is on: visitors see a maintenance page. You see the site because you are signed in.',
    );
    await page.screenshot({ path: 'reports/screens/maintenance-staff-desktop.png' });
    expect((await page.goto('/admin'))?.status()).toBe(200);
  } finally {
    await saveAdvanced(page, { maintenanceMode: false });
    await visitor.close();
  }
  const back = await browser.newContext({ baseURL });
  const after = await back.newPage();
  expect((await after.goto('/'))?.status()).toBe(200);
  await expect(after.locator('[data-maintenance-banner]')).toHaveCount(0);
  await back.close();
});

test('the favicon, timezone, date format and default language of the General tab take effect on the public site and in the admin', async ({
  page,
  browser,
}) => {
  const post = createPost({ title: unique('Midnight post'), publishDate: '2024-03-01T03:00:00.000Z' });
  await signIn(page);
  await page.goto('/admin/settings');
  const choose = async (values: { favicon: string; language: string; timezone: string; dateFormat: string }) => {
    await page.goto('/admin/settings');
    await page.getByLabel('Favicon URL').fill(values.favicon);
    await page.getByLabel('Language').selectOption(values.language);
    await page.getByLabel('Timezone').selectOption(values.timezone);
    await page.getByLabel('Date Format').selectOption(values.dateFormat);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();
  };
  await choose({ favicon: '/media/seed/company-logo.svg', language: 'fr', timezone: 'America/New_York', dateFormat: 'DD/MM/YYYY' });
  try {
    // A German browser states neither English nor French: it gets the site's language.
    const german = await browser.newContext({ locale: 'de-DE' });
    const visitor = await german.newPage();
    await visitor.goto(`/blog/${post.slug}`);
    await expect(visitor.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(visitor.locator('head link[rel="icon"]')).toHaveAttribute('href', '/media/seed/company-logo.svg');
    // 03:00 UTC on 1 March is still 29 February in New York.
    await expect(visitor.locator('article time').first()).toHaveText('29/02/2024');
    await german.close();

    await page.goto(`/admin/blog?q=${encodeURIComponent('Midnight post')}`);
    await expect(page.getByRole('row').filter({ hasText: 'Midnight post' }).first()).toContainText('29/02/2024');

    // The Messages inbox and the audit log write dates the same way.
    const subject = unique('Midnight message');
    const message = insertMessage({
      firstName: 'Nora',
      lastName: 'Night',
      email: 'nora@example.com',
      subject,
      message: 'Hello.',
      receivedAt: '2024-03-01T03:00:00.000Z',
    });
    await page.goto(`/admin/messages?q=${encodeURIComponent(subject)}`);
    const row = page.getByRole('row').filter({ hasText: subject });
    await expect(row.locator('time[title]')).toHaveAttribute('title', '29/02/2024 22:00');
    await page.goto(`/admin/messages/${message}`);
    await expect(page.locator('dd time')).toHaveText('29/02/2024 22:00');
    await page.goto('/admin/settings/audit');
    const when = page.getByRole('row').nth(1).locator('time');
    await expect(when).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    // The settings save just made, in New York time (the row's time is within a minute of now).
    const iso = (await when.getAttribute('datetime')) ?? '';
    const expected = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date(iso));
    await expect(when).toContainText(expected);
  } finally {
    await choose({ favicon: '/favicon.svg', language: 'en', timezone: 'UTC', dateFormat: 'YYYY-MM-DD' });
  }
});

test('Debug Mode: administrators get Server-Timing figures and a panel on admin and public pages; visitors and editors never do', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page);
  const visitor = await browser.newContext({ baseURL });
  const anonymous = await visitor.newPage();
  const editorContext = await browser.newContext({ baseURL });
  const editor = await editorContext.newPage();
  await signIn(editor, ACCOUNTS.editor.email);
  try {
    // Off (the default): nothing measured, no panel.
    const before = await page.goto('/admin/settings');
    expect(before?.headers()['server-timing']).toBeUndefined();
    await expect(page.locator('[data-debug-panel]')).toHaveCount(0);

    await saveAdvanced(page, { debugMode: true });
    await expect(page.getByRole('tabpanel', { name: 'Advanced' }).getByLabel('Debug Mode')).toBeChecked();

    // An admin page: the header names database, render and cache; the panel shows the same figures.
    const admin = await page.goto('/admin/pages');
    const header = admin?.headers()['server-timing'] ?? '';
    expect(header).toMatch(/^db;dur=\d+(\.\d)?;desc="\d+ quer(y|ies)", render;dur=\d+(\.\d)?(, cache;desc=(hit|miss))?$/);
    const panel = page.locator('[data-debug-panel]');
    await panel.getByText('Server timings').click();
    await expect(panel.locator('[data-timing="db"]')).toHaveText(/^\d+ quer(y|ies), \d+(\.\d)? ms$/);
    await expect(panel.locator('[data-timing="render"]')).toHaveText(/^\d+(\.\d)? ms$/);
    await expect(panel.locator('[data-timing="cache"]')).toHaveText(/^(hit|miss|not used)$/);
    await page.screenshot({ path: 'reports/screens/debug-mode-admin-desktop.png' });
    // A client navigation: its data request carries the figures, without a render.
    const data = page.waitForResponse((response) => new URL(response.url()).pathname === '/admin/media.data');
    await page.getByRole('link', { name: 'Media Library', exact: true }).first().click();
    expect((await data).headers()['server-timing']).toMatch(/^db;dur=/);
    await expect(page).toHaveURL(/\/admin\/media$/);
    await expect(panel.locator('[data-timing="render"]')).toHaveText('not rendered (data request)');

    // A public page for the signed-in administrator: a server-rendered panel, its render time filled in.
    const home = await page.goto('/');
    expect(home?.headers()['server-timing']).toMatch(/render;dur=/);
    expect(home?.headers()['x-cache']).toBeUndefined();
    const sitePanel = page.locator('details[data-debug-panel]');
    await sitePanel.locator('summary').click();
    await expect(sitePanel.locator('[data-timing="render"]')).toHaveText(/^\d+(\.\d)? ms$/);
    await expect(sitePanel.locator('[data-timing="db"]')).toHaveText(/^\d+ quer(y|ies), /);

    // Visitors (cached pages or not) and staff without manage_settings: no header, no panel.
    for (const path of ['/', '/', '/blog', '/about']) {
      const response = await anonymous.goto(path);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['server-timing']).toBeUndefined();
      await expect(anonymous.locator('[data-debug-panel]')).toHaveCount(0);
    }
    expect(await anonymous.content()).not.toContain('Server timings');
    for (const path of ['/admin', '/']) {
      const response = await editor.goto(path);
      expect(response?.headers()['server-timing']).toBeUndefined();
      await expect(editor.locator('[data-debug-panel]')).toHaveCount(0);
    }
  } finally {
    await saveAdvanced(page, { debugMode: false });
    await visitor.close();
    await editorContext.close();
  }
  expect((await page.goto('/admin/pages'))?.headers()['server-timing']).toBeUndefined();
  await expect(page.locator('[data-debug-panel]')).toHaveCount(0);
});
