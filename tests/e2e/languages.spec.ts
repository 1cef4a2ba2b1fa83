import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Page } from '@playwright/test';

import { expectToast, row, uniqueTitle } from './support/content.ts';
import { expect, test } from './support/fixtures.ts';

/** hreflang alternates and canonical of the page shown, as absolute URLs. */
async function headLinks(page: Page) {
  const alternates = await page
    .locator('head link[rel="alternate"][hreflang]')
    .evaluateAll((links) => Object.fromEntries(links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')])));
  const canonical = await page.locator('head link[rel="canonical"]').getAttribute('href');
  return { alternates, canonical };
}

test('a French visitor walks the French site, switches to English on an article, and is told when a page is not translated', async ({
  page,
  baseURL,
}) => {
  await page.goto('/fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect(await headLinks(page)).toEqual({
    alternates: { en: `${baseURL}/`, fr: `${baseURL}/fr`, 'x-default': `${baseURL}/` },
    canonical: `${baseURL}/fr`,
  });

  // The header's Blog link stays in French.
  await page.locator('header').getByRole('link', { name: 'Blog', exact: true }).first().click();
  await expect(page).toHaveURL(`${baseURL}/fr/blog`);
  expect(await headLinks(page)).toEqual({
    alternates: { en: `${baseURL}/blog`, fr: `${baseURL}/fr/blog`, 'x-default': `${baseURL}/blog` },
    canonical: `${baseURL}/fr/blog`,
  });

  await page.getByRole('link', { name: 'Premiers pas en développement web' }).first().click();
  await expect(page).toHaveURL(`${baseURL}/fr/blog/premiers-pas-en-developpement-web`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Premiers pas en développement web');
  await expect(page.locator('[data-translation-notice]')).toHaveCount(0);
  expect(await headLinks(page)).toEqual({
    alternates: {
      en: `${baseURL}/blog/getting-started-with-web-development`,
      fr: `${baseURL}/fr/blog/premiers-pas-en-developpement-web`,
      'x-default': `${baseURL}/blog/getting-started-with-web-development`,
    },
    canonical: `${baseURL}/fr/blog/premiers-pas-en-developpement-web`,
  });

  // The switcher lands on the English article's own URL.
  await page.getByTestId('language-switcher').first().click();
  await expect(page).toHaveURL(`${baseURL}/blog/getting-started-with-web-development`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Getting Started with Web Development');
  expect((await headLinks(page)).canonical).toBe(`${baseURL}/blog/getting-started-with-web-development`);

  // A page with no French translation: its English content at the French URL, said so in French, never indexed.
  await page.goto('/fr/privacy-policy');
  await expect(page.locator('[data-translation-notice]')).toHaveText('Cette page n’est pas encore disponible en français.');
  await expect(page.locator('article')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect(await headLinks(page)).toEqual({
    alternates: { en: `${baseURL}/privacy-policy`, 'x-default': `${baseURL}/privacy-policy` },
    canonical: `${baseURL}/privacy-policy`,
  });
  // From the English page, the switcher offers that fallback rather than a 404.
  await page.goto('/privacy-policy');
  await page.getByTestId('language-switcher').first().click();
  await expect(page).toHaveURL(`${baseURL}/fr/privacy-policy`);
  await expect(page.locator('[data-translation-notice]')).toBeVisible();
});

test('?lng= answers 301 to the language’s URL, the default prefix 301 to the plain URL, and a French browser 302 from / only', async ({
  request,
  baseURL,
}) => {
  const answer = async (url: string, headers: Record<string, string> = {}) => {
    const response = await request.get(url, { maxRedirects: 0, headers });
    return [response.status(), response.headers().location?.replace(baseURL ?? '', '')];
  };
  // First, before a ?lng= answer stores its cookie in this context: no preference, no redirect.
  expect((await answer('/'))[0]).toBe(200);
  expect(await answer('/blog/getting-started-with-web-development?lng=fr')).toEqual([301, '/fr/blog/getting-started-with-web-development']);
  expect(await answer('/fr/blog/getting-started-with-web-development')).toEqual([301, '/fr/blog/premiers-pas-en-developpement-web']);
  expect(await answer('/en/blog')).toEqual([301, '/blog']);
  expect(await answer('/', { 'Accept-Language': 'fr-FR,fr;q=0.9' })).toEqual([302, '/fr']);
  expect(await answer('/', { Cookie: 'lng=fr' })).toEqual([302, '/fr']);
  expect((await answer('/blog', { Cookie: 'lng=fr' }))[0]).toBe(200);
  const feed = await request.get('/fr/rss.xml');
  expect(await feed.text()).toContain('<link>' + `${baseURL}/fr/blog/premiers-pas-en-developpement-web` + '</link>');
});

test('the sitemap index and its files are valid against the sitemap schemas, with xhtml:link alternates for each translation', async ({
  request,
  baseURL,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'atelier-sitemap-'));
  /** Fetches a sitemap document and checks it with xmllint, which throws (and fails the test) on an invalid one. */
  const valid = async (url: string, schema: string) => {
    const text = await (await request.get(url)).text();
    const file = path.join(dir, url.replaceAll('/', '_'));
    writeFileSync(file, text);
    execFileSync('xmllint', ['--noout', '--schema', path.resolve(`tests/fixtures/sitemap/${schema}`), file], { stdio: 'pipe' });
    return text;
  };
  const index = await valid('/sitemap.xml', 'siteindex.xsd');
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replace(baseURL!, ''));
  expect(files[0]).toBe('/sitemaps/pages.xml');
  expect(files.slice(1)).toEqual(files.slice(1).map((_, i) => `/sitemaps/posts-${i + 1}.xml`));
  expect(files.length).toBeGreaterThan(1);
  let body = '';
  for (const file of files) body += await valid(file, 'sitemap-with-languages.xsd');
  expect(body).toContain(`<url><loc>${baseURL}/fr/blog/premiers-pas-en-developpement-web</loc>`);
  expect(body).toContain(`<xhtml:link rel="alternate" hreflang="fr" href="${baseURL}/fr/a-propos"/>`);
  // An untranslated page has no French entry and no French alternate.
  expect(body).not.toContain(`${baseURL}/fr/privacy-policy`);
});

test.describe('translating in the editor', () => {
  test.use({ signedInAs: 'administrator' });

  test('a page is translated into French from its editor, and an outdated translation is marked as up to date', async ({
    page,
    content,
  }) => {
    const title = uniqueTitle('Bilingual page');
    await content.page(title, { status: 'published' });
    await page.goto('/admin/pages');
    await row(page, title)
      .getByRole('link', { name: `Edit: ${title}` })
      .click();
    const languages = page.getByRole('list', { name: 'Languages of this page' });
    await expect(languages.locator('[data-language="en"]')).toContainText('English · source · Published');
    await expect(languages.locator('[data-language="fr"]')).toContainText('French · Missing');
    const source = page.url();

    await languages.getByRole('button', { name: 'Translate into French' }).click();
    await expectToast(page, 'French translation started: a draft copy of the source to translate.');
    await expect(page).not.toHaveURL(source);
    await expect(page.getByLabel('Page Title')).toHaveValue(title);
    await expect(languages.locator('[data-language="fr"]')).toContainText('French · Draft');
    await expect(languages.locator('[data-language="fr"]')).toContainText('Open here');
    const translation = page.url();

    // The source changes: its translation is outdated until someone updates or confirms it.
    await languages.getByRole('link', { name: 'Edit the English version' }).click();
    await expect(page).toHaveURL(source);
    await page.getByLabel('Page Title').fill(`${title} (revised)`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/admin\/pages$/);
    await page.goto(translation);
    await expect(languages.locator('[data-language="fr"]')).toContainText('French · Draft · Outdated');
    await page.getByRole('button', { name: 'Mark as up to date' }).click();
    await expectToast(page, 'Translation marked as up to date with its source.');
    await expect(languages.locator('[data-language="fr"]')).not.toContainText('Outdated');
    await expect(page.getByRole('button', { name: 'Mark as up to date' })).toHaveCount(0);

    // The list shows each item once, with its languages' states, and finds the ones missing a translation.
    await page.goto('/admin/pages');
    await expect(row(page, title).locator('[data-translations]')).toHaveText('EN published · FR draft');
    await page.getByLabel('Translations').selectOption({ label: 'Missing in French' });
    await expect(page).toHaveURL(/missing=fr/);
    // Each checked through a search as well: pages other tests add may push a row off the first page.
    await page.goto('/admin/pages?missing=fr&q=Privacy%20Policy');
    await expect(row(page, 'Privacy Policy')).toHaveCount(1);
    await page.goto(`/admin/pages?missing=fr&q=${encodeURIComponent(title)}`);
    await expect(page.getByText(`No pages match “${title}”.`)).toBeVisible();
  });
});
