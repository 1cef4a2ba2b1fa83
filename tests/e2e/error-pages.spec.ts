import path from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';

import { E2E_DATA_DIR } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { createPage, unique } from './support/site-data.ts';

/** The page is the site's: its theme's variables, its header with the main menu, its footer, and the ways on. */
async function expectSiteLook(page: Page, language: 'en' | 'fr', prefix = '') {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('style[data-href^="site-theme-"]')).toHaveCount(1);
  await expect(
    page.locator('header').getByRole('navigation', { name: language === 'fr' ? 'Navigation principale' : 'Main navigation' }),
  ).toBeAttached();
  await expect(page.locator('footer')).toBeVisible();
  const wayOn = page.getByRole('navigation', { name: language === 'fr' ? 'Pour continuer' : 'Where to go from here' });
  await expect(wayOn.getByRole('link', { name: language === 'fr' ? "Page d'accueil" : 'Home page' })).toHaveAttribute(
    'href',
    prefix || '/',
  );
  await expect(wayOn.getByRole('link', { name: language === 'fr' ? 'Lire le blog' : 'Read the blog' })).toHaveAttribute(
    'href',
    `${prefix}/blog`,
  );
  await expect(wayOn.getByRole('searchbox', { name: language === 'fr' ? 'Rechercher dans le blog' : 'Search the blog' })).toBeVisible();
}

test('404: an unknown path is a 404 in the site’s look, in the visitor’s language, with home, blog and a search of the blog', async ({
  page,
}) => {
  for (const target of ['/no-such-page-here', '/deeper/path/that/never/was', '/blog/no-such-article-here']) {
    const response = await page.goto(target);
    expect(response?.status(), target).toBe(404);
    await expectSiteLook(page, 'en');
  }
  // The article's own 404 keeps the spec's text.
  await expect(page.getByRole('heading', { name: 'Article not found' })).toBeVisible();

  const response = await page.goto('/no-such-page-here');
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Page not found · /);
  await page.screenshot({ path: 'reports/screens/error-404-1280.png', fullPage: true });
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`)).toEqual([]);
  expect(response?.headers()['x-cache']).not.toBe('HIT');

  // The search of the blog finds the seeded article.
  await page.getByRole('searchbox', { name: 'Search the blog' }).fill('web development');
  await page.getByRole('searchbox', { name: 'Search the blog' }).press('Enter');
  await expect(page).toHaveURL(/\/blog\?q=web\+development$/);
  await expect(page.getByRole('heading', { name: 'Articles matching “web development”' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Read more/ }).first()).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  await page.goto('/blog?q=zzzz-nothing-matches');
  await expect(page.getByRole('heading', { name: 'No article matches “zzzz-nothing-matches”.' })).toBeVisible();

  const french = await page.goto('/fr/no-such-page-here');
  expect(french?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  // Under /fr the ways on stay in French.
  await expectSiteLook(page, 'fr', '/fr');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'reports/screens/error-404-fr-390.png', fullPage: true });
  await page.goto('/?lng=en');
});

test('403: a form posted from another site is refused with a 403 page in the site’s look', async ({ page }) => {
  // A page on another site that posts to ours, as a cross-site request forgery would.
  await page.goto('/');
  const origin = new URL(page.url()).origin;
  await page.route('https://evil.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<form id="f" method="post" action="${origin}/?index"><input name="firstName" value="x"></form><script>document.getElementById('f').submit()</script>`,
    }),
  );
  const answer = page.waitForResponse((response) => response.url().startsWith(origin) && response.request().method() === 'POST');
  await page.goto('https://evil.example/attack');
  expect((await answer).status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expectSiteLook(page, 'en');
  await page.screenshot({ path: 'reports/screens/error-403-1280.png', fullPage: true });

  // In French for a French browser.
  const refused = await page.request.post('/?index', {
    headers: { Origin: 'https://evil.example', 'Accept-Language': 'fr-FR,fr;q=0.9' },
    form: { a: '1' },
  });
  expect(refused.status()).toBe(403);
  const html = await refused.text();
  expect(html).toContain('Accès refusé');
  expect(html).toContain('<html lang="fr"');
  expect(refused.headers()['cache-control']).toBe('no-store');
});

test('500: a page that fails to render is a 500 in the site’s look, showing nothing of the error', async ({ page }) => {
  const { slug } = createPage({ title: unique('Broken page'), content: 'fine for now' });
  // Corrupt the row as a failing disk or a bad manual edit would: its content is no longer text.
  const db = new Database(path.join(E2E_DATA_DIR, 'atelier.sqlite'));
  db.pragma('busy_timeout = 5000');
  db.prepare("update pages set content = x'00ff' where slug = ?").run(slug);
  try {
    const response = await page.goto(`/${slug}`);
    expect(response?.status()).toBe(500);
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expectSiteLook(page, 'en');
    await expect(page.locator('body')).not.toContainText('marked');
    await expect(page.locator('body')).not.toContainText('string expected');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'reports/screens/error-500-390.png', fullPage: true });
    const french = await page.request.get(`/fr/${slug}`);
    expect(french.status()).toBe(500);
    expect(await french.text()).toContain('Une erreur est survenue');
  } finally {
    db.prepare("update pages set status = 'trash', content = 'x' where slug = ?").run(slug);
    db.close();
  }
});

test('the server’s own status pages cannot be asked for from outside', async ({ request }) => {
  for (const code of ['403', '500', '503', '200', 'x']) {
    const response = await request.get(`/__status/${code}`);
    expect(response.status(), code).toBe(404);
  }
});
