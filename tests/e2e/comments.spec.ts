import { expect, test } from './support/fixtures.ts';
import { asVisitor, createPost, MIN_FILL_WAIT_MS, unique } from './support/site-data.ts';

const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

test.describe('comments on an article', () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`a visitor comments (JavaScript ${javaScriptEnabled ? 'on' : 'off'}) and sees the moderation notice, alone`, async ({
      browser,
    }) => {
      const post = createPost({ title: unique('Commented article') });
      const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: asVisitor(), baseURL: BASE_URL });
      const page = await context.newPage();
      await page.goto(`/blog/${post.slug}`);
      const section = page.locator('#comments');
      await expect(section.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();
      await expect(section).toContainText('No comments yet. Be the first to share your thoughts.');
      await expect(page.getByTestId('post-comments')).toHaveText('0 comments');
      const form = section.locator('form');
      await expect(form.getByText('Never shown publicly.')).toBeVisible();
      await expect(form).toContainText('By sending this comment you agree that we store your name, e-mail address and website');
      await form.getByLabel('Name').fill('Ada Lovelace');
      await form.getByLabel('Email').fill(`${unique('ada').replace(' ', '-')}@example.com`);
      await form.getByLabel('Website (optional)').fill('ada.example.com');
      const words = `Lovely article ${javaScriptEnabled ? 'with' : 'without'} script, see https://example.com/more`;
      await form.getByLabel('Comment').fill(words);
      await page.waitForTimeout(MIN_FILL_WAIT_MS);
      await form.getByRole('button', { name: 'Post comment' }).click();
      const notice = page.getByRole('status').filter({ hasText: 'Your comment is awaiting moderation.' });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(words);
      // Nobody else sees it: the cached article is as it was.
      const other = await browser.newContext({ javaScriptEnabled, baseURL: BASE_URL });
      const stranger = await other.newPage();
      // Served from the page cache (other tests' writes may clear it meanwhile: the next visit stores it again).
      await expect.poll(async () => (await other.request.get(`/blog/${post.slug}`)).headers()['x-cache']).toBe('HIT');
      await stranger.goto(`/blog/${post.slug}`);
      await expect(stranger.locator('#comments')).not.toContainText(words);
      await expect(stranger.getByText('Your comment is awaiting moderation.')).toHaveCount(0);
      await context.close();
      await other.close();
    });
  }

  test('invalid input is answered with messages, nothing stored', async ({ page }) => {
    const post = createPost({ title: unique('Validated article') });
    await page.goto(`/blog/${post.slug}`);
    const form = page.locator('#comments form');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByRole('button', { name: 'Post comment' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
    await expect(form.getByText('Please enter your name (at most 80 characters)')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Please write a comment')).toBeVisible();
  });
});
