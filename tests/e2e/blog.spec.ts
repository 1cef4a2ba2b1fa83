import { type Page } from '@playwright/test';

import { expect, test } from './support/fixtures.ts';
import { bypassHtmlCache, createPost, postViews, unique } from './support/site-data.ts';

const FROZEN_AT = new Date('2026-06-01T09:00:00Z');

test.describe('blog list', () => {
  test('shows published posts only, newest first by publish date, else last modified', async ({ page, context }) => {
    await bypassHtmlCache(context);
    const tag = unique('Order');
    // Far-future dates keep these posts first; other tests add posts dated now or in 2000.
    const newest = createPost({ title: `${tag} newest`, publishDate: '2099-03-01T00:00:00.000Z' });
    const unpublishedDate = createPost({ title: `${tag} no publish date`, publishDate: null, updatedAt: '2099-02-01T00:00:00.000Z' });
    const older = createPost({ title: `${tag} older`, publishDate: '2099-01-01T00:00:00.000Z' });
    createPost({ title: `${tag} draft`, status: 'draft', publishDate: '2099-04-01T00:00:00.000Z' });
    createPost({ title: `${tag} review`, status: 'review', publishDate: '2099-04-01T00:00:00.000Z' });
    createPost({ title: `${tag} trashed`, status: 'trash', publishDate: '2099-04-01T00:00:00.000Z' });

    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Latest Articles');
    const titles = page.getByTestId('post-card').getByRole('heading');
    const mine = (await titles.allTextContents()).filter((title) => title.startsWith(tag));
    expect(mine).toEqual([`${tag} newest`, `${tag} no publish date`, `${tag} older`]);

    const card = page.getByTestId('post-card').filter({ hasText: `${tag} newest` });
    await expect(card).toContainText('2099-03-01');
    await expect(card).toContainText('By E2E Author');
    await expect(card).toContainText('0 views');
    await expect(card.getByRole('link', { name: /^Read more/ })).toHaveAttribute('href', `/blog/${newest.slug}`);
    expect(unpublishedDate.slug && older.slug).toBeTruthy();
  });

  test('the seeded article card has its image, categories and excerpt clamped to three lines', async ({ page }) => {
    await page.goto('/blog');
    const card = page.getByTestId('post-card').filter({ hasText: 'Getting Started with Web Development' });
    await expect(card.locator('img')).toHaveAttribute('src', '/media/seed/hero-photo.jpg');
    await expect(card.getByRole('list', { name: 'Categories' }).getByRole('listitem')).toHaveText(['Programming', 'Web Development']);
    await expect(card.locator('p.line-clamp-3')).toHaveCSS('-webkit-line-clamp', '3');
  });

  test('three columns on large screens', async ({ page }) => {
    await page.goto('/blog');
    const columns = await page
      .locator('[data-testid="post-card"]')
      .first()
      .evaluate((card) => getComputedStyle(card.parentElement!).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(3);
  });

  test('is paginated nine per page', async ({ page, context }) => {
    await bypassHtmlCache(context);
    const tag = unique('Page');
    for (let i = 0; i < 10; i++)
      createPost({ title: `${tag} ${String(i).padStart(2, '0')}`, publishDate: `2000-01-${String(i + 1).padStart(2, '0')}T00:00:00.000Z` });
    await page.goto('/blog');
    await expect(page.getByTestId('post-card')).toHaveCount(9);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('Page 2 of');
    await expect(page.getByTestId('post-card').first()).toBeVisible();
  });
});

test.describe('archives', () => {
  test('a category chip opens its archive, and All articles leads back to the blog', async ({ page }) => {
    await page.goto('/blog');
    const card = page.getByTestId('post-card').filter({ hasText: 'Getting Started with Web Development' });
    await card.getByRole('list', { name: 'Categories' }).getByRole('link', { name: 'Web Development' }).click();
    await expect(page).toHaveURL(/\/blog\/category\/web-development$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Category: Web Development');
    await expect(page.getByText('Articles filed under Web Development.')).toBeVisible();
    await expect(page.getByTestId('post-card').filter({ hasText: 'Getting Started with Web Development' })).toBeVisible();
    await expect(page).toHaveTitle(/^Category: Web Development · /);
    await page.getByRole('link', { name: 'All articles' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Latest Articles');
  });

  test('a tag on an article opens its archive, paginated nine per page', async ({ page, context }) => {
    await page.goto('/blog/getting-started-with-web-development');
    await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: '#javascript' }).click();
    await expect(page).toHaveURL(/\/blog\/tag\/javascript$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tagged #javascript');
    await expect(page.getByTestId('post-card').filter({ hasText: 'Getting Started with Web Development' })).toBeVisible();

    await bypassHtmlCache(context);
    const tag = unique('Archived');
    for (let i = 0; i < 10; i++)
      createPost({
        title: `${tag} ${String(i).padStart(2, '0')}`,
        tags: [tag],
        publishDate: `2001-01-${String(i + 1).padStart(2, '0')}T00:00:00.000Z`,
      });
    const slug = tag.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    await page.goto(`/blog/tag/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Tagged #${tag}`);
    await expect(page.getByTestId('post-card')).toHaveCount(9);
    await expect(page.getByTestId('post-card').first()).toContainText(`${tag} 09`);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/tag/${slug}\\?page=2$`));
    await expect(page.getByTestId('post-card')).toHaveCount(1);
    await expect(page.getByTestId('post-card')).toContainText(`${tag} 00`);
  });

  test('a category or tag no published post has is a 404 in the site’s look', async ({ page }) => {
    for (const path of ['/blog/category/no-such-category', '/blog/tag/no-such-tag', '/blog/category/mobile-development']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Where to go from here' }).getByRole('link', { name: 'Read the blog' }),
      ).toBeVisible();
    }
  });

  test('French readers get the archive in French, under /fr', async ({ page }) => {
    await page.goto('/fr/blog');
    const chip = page.getByTestId('post-card').first().getByRole('list', { name: 'Catégories' }).getByRole('link').first();
    const name = (await chip.textContent())!.trim();
    await chip.click();
    await expect(page).toHaveURL(/\/fr\/blog\/category\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Catégorie : ${name}`);
    await expect(page.getByRole('link', { name: 'Tous les articles' })).toHaveAttribute('href', '/fr/blog');
  });
});

test.describe('article', () => {
  test('shows back link, image, title, meta, categories, excerpt, paragraphs and # tags', async ({ page }) => {
    await page.goto('/blog/getting-started-with-web-development');
    await expect(page.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Getting Started with Web Development');
    await expect(page.locator('article img').first()).toHaveAttribute('src', '/media/seed/hero-photo.jpg');
    await expect(page.locator('article')).toContainText('2024-01-15');
    await expect(page.locator('article')).toContainText('By Atelier Team');
    await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['#html', '#css', '#javascript', '#beginners']);
    expect(await page.locator('article .site-prose > p').count()).toBe(8);
  });

  test('links the previous (older) and the next (newer) article', async ({ page, context }) => {
    await bypassHtmlCache(context);
    const tag = unique('Neighbour');
    const older = createPost({ title: `${tag} older`, publishDate: '1990-01-01T00:00:00.000Z' });
    const middle = createPost({ title: `${tag} middle`, publishDate: '1990-01-02T00:00:00.000Z' });
    const newer = createPost({ title: `${tag} newer`, publishDate: '1990-01-03T00:00:00.000Z' });
    await page.goto(`/blog/${middle.slug}`);
    const around = page.getByRole('navigation', { name: 'More articles' });
    await expect(around.getByRole('link', { name: `Previous article ${tag} older` })).toHaveAttribute('href', `/blog/${older.slug}`);
    await expect(around.getByRole('link', { name: `Next article ${tag} newer` })).toHaveAttribute('href', `/blog/${newer.slug}`);
    await around.getByRole('link', { name: /^Next article/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${tag} newer`);
    await expect(
      page.getByRole('navigation', { name: 'More articles' }).getByRole('link', { name: `Previous article ${tag} middle` }),
    ).toBeVisible();
  });

  test('an unknown or unpublished slug is the Article not found page with status 404', async ({ page }) => {
    const draft = createPost({ title: unique('Draft article'), status: 'draft' });
    for (const slug of ['no-such-article', draft.slug]) {
      const response = await page.goto(`/blog/${slug}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Article not found' })).toBeVisible();
      await expect(page.getByText("The article you're looking for doesn't exist or has been removed.")).toBeVisible();
    }
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  // The page's clock is paused and driven by the test, so a slow machine cannot let a second pass unseen
  // (an installed clock otherwise keeps flowing in real time).
  async function freezeClock(page: Page) {
    await page.clock.install({ time: FROZEN_AT });
    await page.clock.pauseAt(new Date(FROZEN_AT.getTime() + 1000));
  }

  test('the view count rises one second after the article is shown, once per visit', async ({ page, context }) => {
    await bypassHtmlCache(context);
    await freezeClock(page);
    const post = createPost({ title: unique('Viewed'), views: 5 });
    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByTestId('post-views')).toHaveText('5 views');
    await page.clock.runFor(900);
    expect(postViews(post.id)).toBe(5);
    await page.clock.runFor(200);
    await expect(page.getByTestId('post-views')).toHaveText('6 views');
    expect(postViews(post.id)).toBe(6);
    await page.clock.runFor(5000);
    expect(postViews(post.id)).toBe(6);
  });

  test('leaving before one second does not count a view', async ({ page }) => {
    await freezeClock(page);
    const post = createPost({ title: unique('Left early'), views: 3 });
    await page.goto(`/blog/${post.slug}`);
    await page.clock.runFor(500);
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await page.clock.runFor(5000);
    expect(postViews(post.id)).toBe(3);
  });
});
