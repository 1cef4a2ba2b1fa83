import { ACCOUNTS } from './support/accounts.ts';
import { signIn } from './support/auth.ts';
import {
  contentSource,
  createPostThroughEditor,
  expectToast,
  fillContent,
  row,
  uniqueTitle,
  waitForToastsToClear,
} from './support/content.ts';
import { expect, test } from './support/fixtures.ts';

// These flows create several posts through the real editor; allow for a busy machine.
test.describe.configure({ timeout: 60_000 });

test.describe('as an administrator', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('the list shows the spec columns; search matches title or content; the category filter needs every category', async ({ page }) => {
    const marker = uniqueTitle('Zanzibar').replace(' ', '');
    const both = `Both ${marker}`;
    const one = `One ${marker}`;
    await createPostThroughEditor(page, both, { categories: ['Design', 'Technology'] });
    await createPostThroughEditor(page, one, { categories: ['Design'] });
    await createPostThroughEditor(page, uniqueTitle('Content match'), {
      content: `The word ${marker.toUpperCase()} is only here`,
      categories: ['Programming'],
    });

    await expect(page.getByRole('link', { name: 'View Trash' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create New Post' })).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText(['', 'Title', 'Status', 'Author', 'Date', 'Views', 'Actions']);
    await expect(row(page, both)).toContainText('Administrator');
    // The seeded post, found by searching: posts other tests add may push it off the first page.
    await page.goto('/admin/blog?q=Getting%20Started%20with%20Web%20Development');
    const seeded = row(page, 'Getting Started with Web Development');
    await expect(seeded).toContainText('Atelier Team');
    await expect(seeded).toContainText('2024-01-15');
    await expect(seeded).toContainText('156');
    await page.goto('/admin/blog');

    await page.getByPlaceholder('Search posts...').fill(marker.toLowerCase());
    await expect(page).toHaveURL(/q=/);
    await expect(page.getByRole('row')).toHaveCount(4);
    await expect(page.getByRole('row').filter({ hasText: 'Content match' })).toBeVisible();

    await page.getByText('Categories', { exact: true }).click();
    await page.getByRole('checkbox', { name: 'Design' }).check();
    await expect(page).toHaveURL(/category=/);
    await expect(page.getByRole('row')).toHaveCount(3);
    await page.getByRole('checkbox', { name: 'Technology' }).check();
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(row(page, both)).toBeVisible();
    await expect(page.getByText('Categories (2)')).toBeVisible();
  });

  test('a new post starts as an empty draft, validates, adds a category and is saved by the signed-in author', async ({ page }) => {
    const title = uniqueTitle('New post');
    await page.goto('/admin/blog/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Post' })).toBeVisible();
    await expect(page.getByLabel('Post Title')).toHaveValue('');
    await expect(page.getByLabel('Status')).toHaveValue('draft');
    await expect(page.getByLabel('Status').locator('option')).toHaveText(['Draft', 'Published', 'Review']);
    await expect(contentSource(page)).toHaveAttribute('rows', '20');
    await expect(page.getByLabel('Publish Date')).toBeHidden();
    await expect(page.getByRole('link', { name: 'View live post' })).toHaveCount(0);
    const save = page.getByRole('button', { name: 'Save Changes' });
    await expect(save).toBeDisabled();

    await page.getByLabel('Post Title').fill(title);
    await expect(page.getByLabel('URL Slug')).toHaveValue(/^new-post-/);
    await save.click();
    await expect(page.getByText('Content is required')).toBeVisible();
    await expect(page.getByText('Excerpt is required')).toBeVisible();
    await expect(page.getByText('At least one category is required')).toBeVisible();
    await page.getByLabel('Excerpt').fill('Short summary');
    await expect(page.getByText('Excerpt is required')).toBeHidden();
    await fillContent(page, 'Line one\n\nLine two');

    // Adding a category: trimmed, not twice, ticked once added.
    const category = uniqueTitle('Cat');
    // The name's limit comes from the category schema.
    await expect(page.getByLabel('New category')).toHaveAttribute('maxlength', '60');
    await page.getByLabel('New category').fill(`  ${category}  `);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast(page, 'Category added successfully');
    await expect(page.getByRole('checkbox', { name: category })).toBeChecked();
    await expect(page.getByText('At least one category is required')).toBeHidden();
    await page.getByLabel('New category').fill(category.toUpperCase());
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(`The category “${category.toUpperCase()}” already exists.`)).toBeVisible();

    await page.getByLabel('Tags').fill('alpha, beta');
    const image = page.getByRole('textbox', { name: 'Featured Image', exact: true });
    await page.getByRole('button', { name: 'Choose Image' }).click();
    await page.getByRole('dialog', { name: 'Choose Image' }).getByRole('button', { name: 'Choose Team photo' }).click();
    await expect(image).toHaveValue('/media/seed/team-photo.jpg');

    await page.getByLabel('Status').selectOption('published');
    await page.getByLabel('Publish Date').fill('2025-05-04T08:30');
    await page.getByLabel('Meta Title').fill('Meta title');
    await save.click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expectToast(page, 'Post created successfully!');
    await expect(row(page, title)).toContainText('Administrator');
    await expect(row(page, title)).toContainText('2025-05-04');
    await expect(row(page, title).getByText('Published', { exact: true })).toBeVisible();

    await row(page, title)
      .getByRole('link', { name: `Edit: ${title}` })
      .click();
    await expect(page.getByRole('checkbox', { name: category })).toBeChecked();
    await expect(page.getByLabel('Tags')).toHaveValue('alpha, beta');
    await expect(page.getByLabel('Publish Date')).toHaveValue('2025-05-04T08:30');
    await expect(page.getByRole('textbox', { name: 'Featured Image', exact: true })).toHaveValue('/media/seed/team-photo.jpg');

    // Removing the image is a change on its own: Save wakes up, and the post saves without it.
    const saveEdit = page.getByRole('button', { name: 'Save Changes' });
    await expect(saveEdit).toBeDisabled();
    await page.getByRole('button', { name: 'Remove featured image' }).click();
    await expect(saveEdit).toBeEnabled();
    await saveEdit.click();
    await expectToast(page, 'Post updated successfully!');
  });

  test('editing previews the post as the article shows it and saves only after a change', async ({ page }) => {
    const title = uniqueTitle('Preview post');
    await createPostThroughEditor(page, title);
    await row(page, title)
      .getByRole('link', { name: `Edit: ${title}` })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Post' })).toBeVisible();
    const save = page.getByRole('button', { name: 'Save Changes' });
    await expect(save).toBeDisabled();
    const slug = await page.getByLabel('URL Slug').inputValue();
    await expect(page.getByRole('link', { name: 'View live post' })).toHaveAttribute('href', `/blog/${slug}`);

    await page.getByLabel('Tags').fill('news, tips');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('article', { name: 'Preview' });
    await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(preview.getByText(`Excerpt of ${title}`)).toBeVisible();
    await expect(preview.locator('p', { hasText: 'Second paragraph' })).toHaveCount(1);
    await expect(preview.getByText('#news')).toBeVisible();
    await page.getByRole('button', { name: 'Exit Preview' }).click();
    await save.click();
    await expectToast(page, 'Post updated successfully!');
  });

  test('delete moves to the trash; restore makes a draft; permanent delete asks first', async ({ page }) => {
    const title = uniqueTitle('Trashed post');
    await createPostThroughEditor(page, title, { status: 'published' });
    await row(page, title)
      .getByRole('button', { name: `Delete: ${title}` })
      .click();
    await expectToast(page, 'Post moved to trash');
    await expect(row(page, title)).toHaveCount(0);

    await waitForToastsToClear(page);
    await page.getByRole('link', { name: 'View Trash' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
    await expect(page.getByText('Manage deleted posts. Posts can be restored or permanently deleted.')).toBeVisible();
    await page.getByPlaceholder('Search posts...').fill(title);
    await expect(page).toHaveURL(/q=Trashed/, { timeout: 15_000 });
    await expect(page.getByRole('row')).toHaveCount(2);
    await row(page, title)
      .getByRole('button', { name: `Restore: ${title}` })
      .click();
    await expectToast(page, 'Post restored as a draft');
    await waitForToastsToClear(page);
    await page.getByRole('link', { name: 'Back to Posts' }).click();
    await expect(row(page, title).getByText('Draft', { exact: true })).toBeVisible();

    await row(page, title)
      .getByRole('button', { name: `Delete: ${title}` })
      .click();
    await expectToast(page, 'Post moved to trash');
    await page.goto('/admin/blog/trash');
    await row(page, title)
      .getByRole('button', { name: `Delete Permanently: ${title}` })
      .click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Are you sure you want to permanently delete this post? This action cannot be undone.');
    await dialog.getByRole('button', { name: 'Delete Permanently' }).click();
    await expectToast(page, 'Post permanently deleted');
    await expect(row(page, title)).toHaveCount(0);
  });

  test('two people editing one post: the later save is refused, never overwrites, and can reload', async ({ page, browser }) => {
    const title = uniqueTitle('Contested post');
    await createPostThroughEditor(page, title);
    await row(page, title)
      .getByRole('link', { name: `Edit: ${title}` })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Post' })).toBeVisible();
    const editorUrl = page.url();

    // The editor opening it now would see it read-only (edit presence): their save comes straight to the server, as a
    // save sent from a form opened before the administrator's would, with the same fields and version.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, ACCOUNTS.editor.email);
    const fields = await page
      .getByLabel('Excerpt')
      .evaluate((excerpt) => [...new FormData((excerpt as HTMLTextAreaElement).form!)].map(([name, value]) => [name, String(value)]));
    const body = new URLSearchParams(fields);
    body.set('excerpt', 'Saved by the editor');
    const saved = await otherPage.request.post(editorUrl, {
      data: body.toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
    await other.close();

    await page.getByLabel('Excerpt').fill('Saved by the administrator');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'changed by someone else since you opened it' });
    await expect(alert).toBeVisible();
    await expect(page.getByLabel('Excerpt')).toHaveValue('Saved by the administrator');
    await alert.getByRole('link', { name: 'Reload the latest version' }).click();
    await expect(page.getByLabel('Excerpt')).toHaveValue('Saved by the editor');
    await expect(page.getByRole('alert').filter({ hasText: 'changed by someone else' })).toHaveCount(0);
  });
});

test.describe('roles', () => {
  test('an author writes drafts and reviews of their own posts; the server refuses publishing and others’ posts', async ({ page }) => {
    await signIn(page, ACCOUNTS.author.email);
    const title = uniqueTitle('Author post');
    await page.goto('/admin/blog/new');
    await expect(page.getByLabel('Status').locator('option')).toHaveText(['Draft', 'Review']);
    const categoryId = await page.getByRole('checkbox', { name: 'Design' }).getAttribute('value');
    const forged = await page.request.post('/admin/blog/new', {
      form: { title, slug: 'forged-by-author', content: 'x', excerpt: 'x', status: 'published', categories: categoryId! },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);

    await createPostThroughEditor(page, title, { status: 'review' });
    await expect(row(page, title)).toContainText('Author');
    await expect(row(page, title).getByText('Review', { exact: true })).toBeVisible();
    // The seeded post belongs to someone else: no Edit link, and the editor itself refuses.
    await expect(row(page, 'Getting Started with Web Development').getByRole('link', { name: /^Edit/ })).toHaveCount(0);
    await page.goto('/admin/search?q=Getting%20Started');
    const seededHref = await page.getByRole('link', { name: 'Getting Started with Web Development' }).getAttribute('href');
    expect((await page.goto(seededHref!))?.status()).toBe(403);
    const response = await page.goto('/admin/pages');
    expect(response?.status()).toBe(403);
  });

  test('a contributor sees only their own posts, cannot publish, and cannot reach pages', async ({ page }) => {
    await signIn(page, ACCOUNTS.contributor.email);
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Blog' })).toBeVisible();
    const title = uniqueTitle('Contributor post');
    await createPostThroughEditor(page, title, { status: 'review' });
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(row(page, title)).toBeVisible();
    // No trash for a contributor's own post either.
    await expect(row(page, title).getByRole('button', { name: /^Delete/ })).toHaveCount(0);

    const editHref = await row(page, title)
      .getByRole('link', { name: `Edit: ${title}` })
      .getAttribute('href');
    await page.goto(editHref!);
    const version = await page.locator('input[name="version"]').inputValue();
    const categoryId = await page.getByRole('checkbox', { name: 'Design' }).getAttribute('value');
    const forged = await page.request.post(editHref!, {
      form: { title, slug: 'contrib-forged', content: 'x', excerpt: 'x', status: 'published', categories: categoryId!, version },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    const forgedPage = await page.request.post('/admin/pages/new', {
      form: { title: 'x', slug: 'x', content: 'x', status: 'draft' },
      maxRedirects: 0,
    });
    expect(forgedPage.status()).toBe(403);
    expect((await page.goto('/admin/pages'))?.status()).toBe(403);
  });
});
