import { signIn } from './support/auth.ts';
import {
  contentSource,
  createPageThroughEditor,
  expectToast,
  fillContent,
  row,
  uniqueTitle,
  waitForToastsToClear,
} from './support/content.ts';
import { expect, test } from './support/fixtures.ts';

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('the list shows every page with its status and last change, and searches by title', async ({ page }) => {
  await page.goto('/admin/pages');
  await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
  await expect(page.getByText('Manage your website pages.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Trash' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create New Page' })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText(['', 'Title', 'Status', 'Last Modified', 'Actions']);

  // Other tests add pages as this one runs: the seeded page is found by searching, not by its place in the list.
  await page.getByPlaceholder('Search pages...').fill('privacy');
  await expect(page).toHaveURL(/q=privacy/);
  await expect(page.getByRole('row')).toHaveCount(2);
  const privacy = row(page, 'Privacy Policy');
  await expect(privacy.getByText('Published', { exact: true })).toHaveClass(/bg-green-100/);
  await expect(privacy.getByRole('link', { name: 'Edit: Privacy Policy' })).toBeVisible();
});

test('the seeded Home page says in the list that it is not the landing page, with the way to the landing copy', async ({ page }) => {
  await page.goto('/admin/pages?q=home');
  const home = page.getByRole('row').filter({ has: page.getByText('/home', { exact: true }) });
  await expect(home.getByTestId('not-landing-note')).toHaveText(
    'Not the landing page: visitors see it at /home. The landing page (/) is edited in Content.',
  );
  await expect(page.getByTestId('not-landing-note')).toHaveCount(1);
  await page.screenshot({ path: 'reports/screens/pages-home-note-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'reports/screens/pages-home-note-390.png', fullPage: true });
  await home.getByRole('link', { name: 'Content' }).click();
  await expect(page).toHaveURL(/\/admin\/content$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Content Management' })).toBeVisible();
});

test('creating a page validates on submit, then on every change, and returns to the list', async ({ page }) => {
  const title = uniqueTitle('Validated page');
  await page.goto('/admin/pages/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Page' })).toBeVisible();
  await expect(page.getByText('Create a new page for your website.')).toBeVisible();
  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeDisabled();
  await expect(contentSource(page)).toHaveAttribute('rows', '12');
  await expect(page.getByLabel('Meta Description')).toHaveAttribute('rows', '3');
  await expect(page.getByLabel('Meta Keywords')).toHaveAttribute('placeholder', 'keyword1, keyword2, keyword3');
  await expect(page.getByLabel('Social Image URL')).toBeVisible();
  await expect(page.getByLabel('Publish Date')).toBeHidden();
  await expect(page.getByLabel('Status').locator('option')).toHaveText(['Draft', 'Published']);

  await page.getByLabel('Page Title').fill(title);
  await expect(page.getByLabel('URL Slug')).toHaveValue(/^validated-page-/);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Content is required')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/pages\/new\?draft=new-[\w-]+$/);

  await page.getByLabel('Page Title').fill('');
  await expect(page.getByText('Title is required')).toBeVisible();
  await page.getByLabel('Page Title').fill(title);
  await expect(page.getByText('Title is required')).toBeHidden();
  await fillContent(page, 'Hello');
  await expect(page.getByText('Content is required')).toBeHidden();

  await page.getByLabel('Status').selectOption('published');
  await expect(page.getByLabel('Publish Date')).toBeVisible();
  await save.click();
  await expect(page).toHaveURL(/\/admin\/pages$/);
  await expectToast(page, 'Page created successfully!');
  await expect(row(page, title).getByText('Published', { exact: true })).toBeVisible();
  await expect(row(page, title)).toContainText('just now');
});

test('a slug is normalised, unique among live pages, and may not take a built-in path', async ({ page }) => {
  const title = uniqueTitle('Slug page');
  await page.goto('/admin/pages/new');
  await page.getByLabel('Page Title').fill(title);
  await page.getByLabel('URL Slug').fill('About');
  await page.getByLabel('Content').fill('Body');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Another page already uses the slug “about”. Choose a different one.')).toBeVisible();
  await page.getByLabel('URL Slug').fill('blog');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('“blog” is used by the site itself. Choose a different slug.')).toBeVisible();
  await page.getByLabel('URL Slug').fill(`  My  Custom Slug ${title} `);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Page created successfully!');
  await expect(row(page, title)).toContainText(/\/my-custom-slug-slug-page-/);
});

test('editing keeps Save disabled until a change, previews the Markdown as the site renders it, and updates', async ({ page }) => {
  const title = uniqueTitle('Edited page');
  await createPageThroughEditor(page, title);
  await row(page, title)
    .getByRole('link', { name: `Edit: ${title}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Page' })).toBeVisible();
  await expect(page.getByText('Modify the page content and settings.')).toBeVisible();
  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeDisabled();
  const slug = await page.getByLabel('URL Slug').inputValue();
  const live = page.getByRole('link', { name: 'View live page' });
  await expect(live).toHaveAttribute('href', `/${slug}`);
  await expect(live).toHaveAttribute('target', '_blank');

  await fillContent(page, '## Our promise\n\n- **Fast** delivery\n- Honest <script>alert(1)</script> work');
  await expect(save).toBeEnabled();
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('article', { name: 'Preview' });
  await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(preview.getByRole('heading', { level: 2, name: 'Our promise' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('Fast');
  await expect(preview.locator('script')).toHaveCount(0);
  await expect(page.getByLabel('Content')).toBeHidden();
  await page.getByRole('button', { name: 'Exit Preview' }).click();
  await expect(contentSource(page)).toHaveValue(/Our promise/);

  // Undoing the change disables Save again.
  await fillContent(page, `Content of ${title}`);
  await expect(save).toBeDisabled();
  await page.getByLabel('Meta Description').fill('A page about promises');
  await save.click();
  await expect(page).toHaveURL(/\/admin\/pages$/);
  await expectToast(page, 'Page updated successfully!');
});

test('leaving an editor with unsaved changes asks first', async ({ page }) => {
  const title = uniqueTitle('Unsaved page');
  await createPageThroughEditor(page, title);
  await row(page, title)
    .getByRole('link', { name: `Edit: ${title}` })
    .click();
  await page.getByLabel('Page Title').fill(`${title} changed`);
  await page.getByRole('link', { name: 'Cancel' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Unsaved changes' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page.getByLabel('Page Title')).toHaveValue(`${title} changed`);

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // Without changes there is no question.
  await page.goto('/admin/pages');
  await row(page, title)
    .getByRole('link', { name: `Edit: ${title}` })
    .click();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\/pages$/);
});

test('delete moves to the trash; restore brings back a draft; delete permanently asks first', async ({ page }) => {
  const title = uniqueTitle('Trashed page');
  await createPageThroughEditor(page, title, { status: 'published' });
  await row(page, title)
    .getByRole('button', { name: `Delete: ${title}` })
    .click();
  await expectToast(page, 'Page moved to trash');
  await expect(row(page, title)).toHaveCount(0);

  await waitForToastsToClear(page);
  await page.getByRole('link', { name: 'View Trash' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
  await expect(page.getByText('Manage deleted pages. Pages can be restored or permanently deleted.')).toBeVisible();
  await expect(row(page, title).getByText('Trash', { exact: true })).toHaveClass(/bg-red-100/);
  await row(page, title)
    .getByRole('button', { name: `Restore: ${title}` })
    .click();
  await expectToast(page, 'Page restored as a draft');
  await waitForToastsToClear(page);
  await page.getByRole('link', { name: 'Back to Pages' }).click();
  await expect(row(page, title).getByText('Draft', { exact: true })).toHaveClass(/bg-yellow-100/);

  await row(page, title)
    .getByRole('button', { name: `Delete: ${title}` })
    .click();
  await expectToast(page, 'Page moved to trash');
  await page.goto('/admin/pages/trash');
  await row(page, title)
    .getByRole('button', { name: `Delete Permanently: ${title}` })
    .click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to permanently delete this page? This action cannot be undone.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, title)).toBeVisible();
  await row(page, title)
    .getByRole('button', { name: `Delete Permanently: ${title}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Permanently' }).click();
  await expectToast(page, 'Page permanently deleted');
  await expect(row(page, title)).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page editor still validates on the server and saves', async ({ page }) => {
    const title = uniqueTitle('No script page');
    await page.goto('/admin/pages/new');
    await page.getByLabel('Page Title').fill(title);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Content is required')).toBeVisible();
    await expect(page.getByText('Slug is required')).toBeVisible();
    await expect(page.getByLabel('Page Title')).toHaveValue(title);
    await page.getByLabel('URL Slug').fill(title);
    await page.getByLabel('Content').fill('Written without scripts');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/admin\/pages$/);
    await expect(row(page, title)).toBeVisible();
  });
});
