import { ACCOUNTS } from './support/accounts.ts';
import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';
import { asVisitor, createComment, createPost, MIN_FILL_WAIT_MS, unique } from './support/site-data.ts';

const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

test('a moderator approves from the notification and the comment appears on the cached article', async ({ browser, page }) => {
  // Three browsers (visitor, stranger, moderator) and a sign-in: more than one test's usual share of a loaded machine.
  test.setTimeout(240_000);
  const title = unique('Moderated article');
  const post = createPost({ title });
  const visitor = await browser.newContext({ extraHTTPHeaders: asVisitor(), baseURL: BASE_URL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/blog/${post.slug}`);
  const words = `${unique('Approve me')} please`;
  const form = visitorPage.locator('#comments form');
  await form.getByLabel('Name').fill('Grace Hopper');
  await form.getByLabel('Email').fill(`${unique('grace').replace(' ', '-')}@example.com`);
  await form.getByLabel('Comment').fill(words);
  await visitorPage.waitForTimeout(MIN_FILL_WAIT_MS);
  await form.getByRole('button', { name: 'Post comment' }).click();
  await expect(visitorPage.getByText('Your comment is awaiting moderation.')).toBeVisible();

  // Everyone else gets the cached article, without it.
  const stranger = await browser.newContext({ baseURL: BASE_URL });
  const strangerPage = await stranger.newPage();
  // Served from the page cache (other tests' writes may clear it meanwhile: the next visit stores it again).
  await expect.poll(async () => (await stranger.request.get(`/blog/${post.slug}`)).headers()['x-cache']).toBe('HIT');
  await strangerPage.goto(`/blog/${post.slug}`);
  await expect(strangerPage.locator('#comments')).not.toContainText(words);

  await signIn(page, ACCOUNTS.editor.email);
  await page.goto('/admin/notifications');
  const mine = page.getByRole('listitem').filter({ hasText: `New comment awaiting approval on “${title}”` });
  await expect(mine).toHaveCount(1);
  await mine.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Comment approved')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/notifications$/);
  await expect(mine).toHaveCount(0);

  // Approving refreshed the cached article: the comment is there for everyone, with the count.
  await strangerPage.reload();
  await expect(strangerPage.locator('#comments')).toContainText(words);
  await expect(strangerPage.locator('#comments')).toContainText('Grace Hopper');
  await expect(strangerPage.getByTestId('post-comments')).toHaveText('1 comment');
  await expect(strangerPage.locator('#comments').getByText('GH', { exact: true })).toBeVisible();
  await visitor.close();
  await stranger.close();
});

test('a comment caught by the honeypot lands in Spam, nowhere public', async ({ browser, page }) => {
  const title = unique('Honeypot article');
  const post = createPost({ title });
  const bot = await browser.newContext({ extraHTTPHeaders: asVisitor(), baseURL: BASE_URL });
  const botPage = await bot.newPage();
  await botPage.goto(`/blog/${post.slug}`);
  const words = unique('Cheap pills');
  // A bot fills every field it finds, the hidden honeypot too, and sends at once.
  await botPage.locator('#comment-url').fill('http://spam.example', { force: true });
  const form = botPage.locator('#comments form');
  await form.getByLabel('Name').fill('Bot');
  await form.getByLabel('Email').fill('bot@example.com');
  await form.getByLabel('Comment').fill(words);
  await form.getByRole('button', { name: 'Post comment' }).click();
  // Answered like anyone's comment: the bot learns nothing.
  await expect(botPage.getByText('Your comment is awaiting moderation.')).toBeVisible();
  await bot.close();

  await signIn(page, ACCOUNTS.editor.email);
  await page.goto('/admin/notifications');
  await expect(page.getByRole('main')).not.toContainText(`New comment awaiting approval on “${title}”`);
  await page.goto(`/admin/comments?status=spam&q=${encodeURIComponent(words)}`);
  const row = page.locator('[data-comment-id]').filter({ hasText: words });
  await expect(row).toContainText('Held because: The hidden honeypot field was filled in.');
  const visitor = await browser.newContext({ baseURL: BASE_URL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/blog/${post.slug}`);
  await expect(visitorPage.locator('#comments')).not.toContainText(words);
  await expect(visitorPage.getByTestId('post-comments')).toHaveText('0 comments');
  await visitor.close();
});

test.describe('the moderation screen', () => {
  test.use({ signedInAs: 'editor' });

  test('tabs with counts, search, article filter, row and bulk actions, staff reply, edit and permanent delete', async ({ page }) => {
    const post = createPost({ title: unique('Screen article') });
    const tag = unique('needle').replace(' ', '-');
    const first = createComment({ postId: post.id, name: 'Ada Lovelace', body: `First ${tag}` });
    createComment({ postId: post.id, name: 'Alan Turing', body: `Second ${tag}` });
    await page.goto('/admin/comments');
    await expect(page.getByRole('heading', { level: 1, name: 'Comments' })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Comment states' }).getByRole('link');
    await expect(tabs).toHaveText([/^Pending \(\d+\)$/, /^Approved \(\d+\)$/, /^Spam \(\d+\)$/, /^Trash \(\d+\)$/]);
    await expect(page.locator('[data-badge="comments"]')).toHaveText(/^\d+ comments awaiting approval$/);

    await page.getByLabel('Search comments').fill(tag);
    await page.getByLabel('Search comments').press('Enter');
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    await page.getByLabel('Article').selectOption(post.id);
    await expect(page).toHaveURL(new RegExp(`post=${post.id}`));
    const rows = page.locator('[data-comment-id]');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('@example.com');
    await expect(rows.first()).toContainText('Address a1b2c3d4e5f6');

    // Row action.
    await page.locator(`[data-comment-id="${first}"]`).getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Comment approved')).toBeVisible();
    await expect(rows).toHaveCount(1);

    // Bulk action.
    await page.getByLabel('Select all comments on this page').check();
    await page.getByRole('form', { name: 'Selected comments' }).getByRole('button', { name: 'Trash' }).click();
    await expect(page.getByText('Comment moved to trash')).toBeVisible();

    // The approved one: a staff reply, published at once, and an edit.
    await page.goto(`/admin/comments?status=approved&q=${tag}`);
    const approved = page.locator(`[data-comment-id="${first}"]`);
    await approved.getByText('Reply as staff').click();
    await approved.getByLabel('Your reply to Ada Lovelace').fill(`Thanks ${tag}`);
    await approved.getByRole('button', { name: 'Publish reply' }).click();
    await expect(page.getByText('Reply published')).toBeVisible();
    await expect(page.locator('[data-comment-id]').filter({ hasText: `Thanks ${tag}` })).toContainText('Staff');
    await page.locator(`[data-comment-id="${first}"]`).getByText('Edit').click();
    await page.locator(`[data-comment-id="${first}"]`).getByRole('textbox', { name: 'Comment', exact: true }).fill(`Edited ${tag}`);
    await page.locator(`[data-comment-id="${first}"]`).getByRole('button', { name: 'Save comment' }).click();
    await expect(page.getByText('Comment saved')).toBeVisible();
    await expect(page.locator(`[data-comment-id="${first}"]`)).toContainText(`Edited ${tag}`);

    // Trash, restore (back to Approved), trash again, then delete for good after the confirmation.
    await page.locator(`[data-comment-id="${first}"]`).getByRole('button', { name: 'Trash' }).click();
    await page.goto(`/admin/comments?status=trash&q=${tag}`);
    await page.locator(`[data-comment-id="${first}"]`).getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText('Comment restored')).toBeVisible();
    await page.goto(`/admin/comments?status=trash&q=${tag}`);
    const trashed = page.locator('[data-comment-id]');
    await expect(trashed).toHaveCount(1);
    await trashed.getByRole('button', { name: 'Delete permanently' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Delete this comment permanently? It cannot be restored');
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await expect(page.getByText('Comment deleted permanently')).toBeVisible();
    await expect(page.locator('[data-comment-id]')).toHaveCount(0);

    // The article shows the approved comment with the staff reply.
    await page.goto(`/blog/${post.slug}`);
    await expect(page.locator('#comments')).toContainText(`Edited ${tag}`);
    await expect(page.locator('#comments').getByText('Staff', { exact: true })).toBeVisible();
  });
});

test.describe('the blog list', () => {
  test.use({ signedInAs: 'editor' });

  test('leads a moderator to the comments', async ({ page }) => {
    await page.goto('/admin/blog');
    await page.getByRole('link', { name: 'Comments', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/comments$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Comments' })).toBeVisible();
  });
});

test.describe('an author', () => {
  test.use({ signedInAs: 'author' });

  test('is offered no way to the comments they may not moderate', async ({ page }) => {
    await page.goto('/admin/blog');
    await expect(page.getByRole('link', { name: 'View Trash' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Comments', exact: true })).toHaveCount(0);
  });
});
