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

async function saveAdvanced(
  page: Page,
  values: { cacheTtl?: string; maintenanceMode?: boolean; debugMode?: boolean; discourage?: boolean; hideViews?: boolean },
) {
  await page.goto('/admin/settings?tab=advanced');
  const panel = page.getByRole('tabpanel', { name: 'Advanced' });
  if (values.cacheTtl) await panel.getByLabel('Cache TTL').selectOption(values.cacheTtl);
  if (values.maintenanceMode !== undefined) await panel.getByLabel('Maintenance Mode').setChecked(values.maintenanceMode);
  if (values.debugMode !== undefined) await panel.getByLabel('Debug Mode').setChecked(values.debugMode);
  if (values.discourage !== undefined)
    await panel.getByLabel('Discourage search engines from indexing this site').setChecked(values.discourage);
  if (values.hideViews !== undefined) await panel.getByLabel('Hide view counts').setChecked(values.hideViews);
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
    expect(cached.headers()['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=1, stale-if-error=900');
    await saveAdvanced(page, { cacheTtl: '86400' });
    expect((await request.get('/blog')).headers()['cache-control']).toContain('stale-if-error=86400');
  } finally {
    await saveAdvanced(page, { cacheTtl: original });
  }
});

test('Revisions kept per item: a clear error for a wrong number, then the number is stored', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/settings?tab=advanced');
  const panel = page.getByRole('tabpanel', { name: 'Advanced' });
  const kept = panel.getByLabel('Revisions kept per item');
  await expect(kept).toHaveValue('50');
  await kept.fill('-2');
  await panel.getByRole('button', { name: 'Save Advanced Settings' }).click();
  await expect(panel.getByText('Enter a whole number from 0 (keep all) to 10000.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tabpanel', { name: 'Advanced' }).getByLabel('Revisions kept per item')).toHaveValue('50');
  try {
    await page.getByRole('tabpanel', { name: 'Advanced' }).getByLabel('Revisions kept per item').fill('12');
    await page.getByRole('tabpanel', { name: 'Advanced' }).getByRole('button', { name: 'Save Advanced Settings' }).click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('tabpanel', { name: 'Advanced' }).getByLabel('Revisions kept per item')).toHaveValue('12');
  } finally {
    await page.getByRole('tabpanel', { name: 'Advanced' }).getByLabel('Revisions kept per item').fill('50');
    await page.getByRole('tabpanel', { name: 'Advanced' }).getByRole('button', { name: 'Save Advanced Settings' }).click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();
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
  // Written in French: the site's language is about to become French, whose posts have the unprefixed addresses.
  const post = createPost({ title: unique('Midnight post'), publishDate: '2024-03-01T03:00:00.000Z', language: 'fr' });
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

test('Discourage search engines: noindex on every page, Disallow: / in robots.txt, a warning badge in the admin while on', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page);
  const visitor = await browser.newContext({ baseURL });
  const anonymous = await visitor.newPage();
  try {
    expect(await (await anonymous.request.get('/robots.txt')).text()).toContain('Allow: /\n');
    await expect(page.locator('[data-search-engines-badge]')).toHaveCount(0);
    await saveAdvanced(page, { discourage: true });
    const badge = page.getByRole('link', { name: 'Search engines discouraged' });
    await expect(badge).toBeVisible();
    await page.goto('/admin/pages');
    await expect(badge).toBeVisible();
    await page.screenshot({ path: 'reports/screens/search-engines-badge-1280.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'reports/screens/search-engines-badge-390.png' });
    await page.setViewportSize({ width: 1280, height: 800 });

    const robots = await anonymous.request.get('/robots.txt');
    expect(await robots.text()).toBe('User-agent: *\nDisallow: /\n');
    for (const path of ['/', '/blog', '/blog/getting-started-with-web-development', '/about', '/no-such-page']) {
      const response = await anonymous.goto(path);
      expect(response?.headers()['x-robots-tag'], path).toBe('noindex, nofollow');
      await expect(anonymous.locator('meta[name="robots"][content="noindex, nofollow"]'), path).toHaveCount(1);
    }
    // Cached pages too: the second visit is a cache hit with the same answer.
    const cached = await anonymous.request.get('/blog');
    expect(cached.headers()['x-cache']).toBe('HIT');
    expect(cached.headers()['x-robots-tag']).toBe('noindex, nofollow');
  } finally {
    await saveAdvanced(page, { discourage: false });
  }
  await expect(page.locator('[data-search-engines-badge]')).toHaveCount(0);
  expect(await (await anonymous.request.get('/robots.txt')).text()).toContain('Sitemap:');
  const home = await anonymous.goto('/');
  expect(home?.headers()['x-robots-tag']).toBeUndefined();
  await expect(anonymous.locator('meta[name="robots"][content="noindex, nofollow"]')).toHaveCount(0);
  await visitor.close();
});

test('view counts read “1 view” / “n views” (“1 vue” / “n vues”), and Hide view counts takes them off cards and articles', async ({
  page,
  browser,
  baseURL,
}) => {
  const one = createPost({ title: unique('One view'), views: 1 });
  const many = createPost({ title: unique('Many views'), views: 12 });
  await signIn(page);
  // Published behind the app's back: a write through it clears the cached pages.
  await saveAdvanced(page, { hideViews: false });
  const visitor = await browser.newContext({ baseURL });
  // The counter's request is held back, so each figure stays the one written.
  await visitor.route('**/blog/*/view', (route) => route.abort());
  const anonymous = await visitor.newPage();
  try {
    await anonymous.goto(`/blog/${one.slug}`);
    await expect(anonymous.getByTestId('post-views')).toHaveText('1 view');
    await anonymous.goto(`/blog/${many.slug}?lng=fr`);
    await expect(anonymous.getByTestId('post-views')).toHaveText('12 vues');
    await anonymous.goto(`/blog/${one.slug}?lng=fr`);
    await expect(anonymous.getByTestId('post-views')).toHaveText('1 vue');
    await anonymous.goto('/blog?lng=en');
    await expect(anonymous.getByTestId('post-views').first()).toBeVisible();

    await saveAdvanced(page, { hideViews: true });
    await anonymous.goto('/blog');
    await expect(anonymous.getByRole('link', { name: /Read more/ }).first()).toBeVisible();
    await expect(anonymous.getByTestId('post-views')).toHaveCount(0);
    await anonymous.goto(`/blog/${many.slug}`);
    await expect(anonymous.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(anonymous.getByTestId('post-views')).toHaveCount(0);
    await expect(anonymous.locator('article')).not.toContainText(/\d+ views?\b/);
  } finally {
    await saveAdvanced(page, { hideViews: false });
  }
  await anonymous.goto(`/blog/${many.slug}`);
  await expect(anonymous.getByTestId('post-views')).toBeVisible();
  await visitor.close();
});

/** Settings → Code Injection, as an administrator: the three fields, saved (the form's version changes once stored). */
async function saveCodeInjection(page: Page, values: { head: string; footer: string; sources: string }) {
  await page.goto('/admin/settings?tab=code-injection');
  const panel = page.getByRole('tabpanel', { name: 'Code Injection' });
  const version = await panel.locator('input[name="version"]').inputValue();
  await panel.getByLabel('Site Header').fill(values.head);
  await panel.getByLabel('Site Footer').fill(values.footer);
  await panel.getByLabel('Allowed script sources').fill(values.sources);
  await panel.getByRole('button', { name: 'Save Code Injection' }).click();
  await expect(panel.locator('input[name="version"]')).not.toHaveValue(version);
  return panel;
}

test('Code Injection: head and footer snippets run on every public page with its nonce, cached or not, loading only from the listed sources', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page);
  await page.goto('/admin/settings?tab=code-injection');
  const panel = page.getByRole('tabpanel', { name: 'Code Injection' });
  // A source that would open the policy is refused, named, and nothing is stored.
  await panel.getByLabel('Site Header').fill('<script>window.refused = 1</script>');
  await panel.getByLabel('Allowed script sources').fill("https://cdn.allowed.example\n'unsafe-inline'");
  await panel.getByRole('button', { name: 'Save Code Injection' }).click();
  await expect(panel.getByText("“'unsafe-inline'” is not an allowed source")).toBeVisible();
  await page.screenshot({ path: 'reports/screens/code-injection-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'reports/screens/code-injection-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(page.getByRole('tabpanel', { name: 'Code Injection' }).getByLabel('Site Header')).toHaveValue('');

  const visitor = await browser.newContext({ baseURL });
  // Stand-ins for an analytics service: the listed host's script runs, the other's is blocked by the policy before any request.
  const fetched: string[] = [];
  await visitor.route(/^https:\/\/cdn\.(allowed|blocked)\.example\//, (route) => {
    fetched.push(new URL(route.request().url()).host);
    const flag = route.request().url().includes('allowed') ? 'allowedSource' : 'blockedSource';
    return route.fulfill({ contentType: 'text/javascript', body: `document.documentElement.dataset.${flag} = 'ran';` });
  });
  const anonymous = await visitor.newPage();
  try {
    await saveCodeInjection(page, {
      head: '<script>document.documentElement.dataset.injectedHead = "ran";</script>\n<meta name="injected-verification" content="abc123">',
      footer:
        '<script>document.documentElement.dataset.injectedFooter = "ran";</script>\n<script src="https://cdn.allowed.example/a.js"></script>\n<script src="https://cdn.blocked.example/b.js"></script>',
      sources: 'https://cdn.allowed.example',
    });
    for (const path of ['/', '/blog', '/about']) {
      // The first visit renders the page (with this response's nonce), the second is the HTML cache's copy (allowed by hash).
      for (const expected of ['MISS', 'HIT']) {
        const response = await anonymous.goto(path);
        expect(response?.headers()['x-cache'], path).toBe(expected);
        const csp = response?.headers()['content-security-policy'] ?? '';
        expect(csp).toMatch(/script-src [^;]*https:\/\/cdn\.allowed\.example/);
        expect(csp).toMatch(/connect-src [^;]*https:\/\/cdn\.allowed\.example/);
        expect(csp).not.toContain('blocked.example');
        const root = anonymous.locator('html');
        await expect(root, `${path} ${expected}`).toHaveAttribute('data-injected-head', 'ran');
        await expect(root).toHaveAttribute('data-injected-footer', 'ran');
        await expect(root).toHaveAttribute('data-allowed-source', 'ran');
        await expect(root).not.toHaveAttribute('data-blocked-source', 'ran');
        await expect(anonymous.locator('head meta[name="injected-verification"]')).toHaveAttribute('content', 'abc123');
      }
    }
    expect(fetched).not.toContain('cdn.blocked.example');
    await anonymous.setViewportSize({ width: 390, height: 844 });
    await anonymous.goto('/');
    await anonymous.screenshot({ path: 'reports/screens/code-injection-site-390.png' });
    // Nothing is injected into the admin or the sign-in page, and their policy stays as it was.
    for (const path of ['/admin', '/login']) {
      const response = await page.goto(path);
      expect(response?.headers()['content-security-policy']).not.toContain('cdn.allowed.example');
      await expect(page.locator('meta[name="injected-verification"]')).toHaveCount(0);
      await expect(page.locator('html')).not.toHaveAttribute('data-injected-head', 'ran');
    }
    // The change is in the audit log.
    await page.goto('/admin/settings/audit');
    await expect(page.getByRole('row').filter({ hasText: 'Code injection changed' }).first()).toContainText('Code Injection');
  } finally {
    await saveCodeInjection(page, { head: '', footer: '', sources: '' });
  }
  const cleared = await anonymous.goto('/');
  expect(cleared?.headers()['content-security-policy']).not.toContain('cdn.allowed.example');
  await expect(anonymous.locator('meta[name="injected-verification"]')).toHaveCount(0);
  await visitor.close();
});

test('Include fallbacks in lists: the French blog and feed also show an untranslated English post, marked; the sitemap never does', async ({
  page,
  browser,
  request,
}) => {
  const title = unique('Untranslated article');
  const post = createPost({ title });
  await signIn(page);
  const setFallbacks = async (on: boolean) => {
    await page.goto('/admin/settings');
    const box = page.getByLabel('Include fallbacks in lists');
    await expect(box).toBeChecked({ checked: !on });
    await box.setChecked(on);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();
  };
  const visitor = await browser.newPage();
  // Off (the default): French lists show French translations only.
  await visitor.goto('/fr/blog');
  await expect(visitor.getByTestId('post-card').first()).toBeVisible();
  await expect(visitor.getByTestId('post-card').filter({ hasText: title })).toHaveCount(0);

  await setFallbacks(true);
  try {
    await visitor.goto('/fr/blog');
    const card = visitor.getByTestId('post-card').filter({ hasText: title });
    await expect(card.getByText('En anglais', { exact: true })).toBeVisible();
    await expect(card.getByRole('heading', { level: 2 })).toHaveAttribute('lang', 'en');

    // The seeded article, translated, is found once: in French, unmarked.
    await visitor.goto(`/fr/blog?q=${encodeURIComponent('développement web')}`);
    await expect(visitor.getByTestId('post-card')).toHaveCount(1);
    await expect(visitor.getByTestId('post-card')).toContainText('Premiers pas en développement web');
    await expect(visitor.getByTestId('post-card').getByText('En anglais')).toHaveCount(0);
    await visitor.goto('/fr/blog');

    await card.getByRole('link', { name: title, exact: true }).click();
    await expect(visitor).toHaveURL(new RegExp(`/fr/blog/${post.slug}$`));
    await expect(visitor.locator('[data-translation-notice]')).toHaveText('Cet article n’est pas encore disponible en français.');
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(visitor.locator(`link[rel="alternate"][hreflang="fr"]`)).toHaveCount(0);

    const feed = await (await request.get('/fr/rss.xml')).text();
    expect(feed).toContain(`<title>${title} (En anglais)</title>`);
    // The sitemap index's files, all of them.
    let sitemap = '';
    for (const match of (await (await request.get('/sitemap.xml')).text()).matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)) {
      sitemap += await (await request.get(match[1]!)).text();
    }
    expect(sitemap).toContain(`/blog/${post.slug}<`);
    expect(sitemap).not.toContain(`/fr/blog/${post.slug}`);
  } finally {
    await setFallbacks(false);
  }
  await visitor.goto('/fr/blog');
  await expect(visitor.getByTestId('post-card').first()).toBeVisible();
  await expect(visitor.getByTestId('post-card').filter({ hasText: title })).toHaveCount(0);
  await visitor.close();
});
