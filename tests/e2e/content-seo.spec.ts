import { signIn } from './support/auth.ts';
import { contentSource, expectToast, fillContent, row, uniqueTitle } from './support/content.ts';
import { expect, test } from './support/fixtures.ts';
import { createPage, createPost, unique } from './support/site-data.ts';

// Around the Content field: saving from the keyboard, images chosen from the library, the SEO preview, and
// posts shown as Markdown like pages (docs/product.md, "Editors" and "SEO preview").

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('Ctrl+S saves and stays in the editor; Save Changes still returns to the list', async ({ page, content }) => {
  const title = uniqueTitle('Shortcut page');
  await content.page(title);
  await page.goto('/admin/pages');
  await row(page, title)
    .getByRole('link', { name: `Edit: ${title}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Page' })).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
  const editorUrl = page.url();
  const version = page.locator('form[id^="page-editor"] input[name="version"]');
  const first = Number(await version.inputValue());
  await page.getByRole('textbox', { name: 'Content', exact: true }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and more');
  await page.keyboard.press('Control+s');
  // The form holding the next version is what says the save is done and the saved version is open.
  await expect(version).toHaveValue(String(first + 1));
  await expectToast(page, 'Page updated successfully!');
  expect(page.url()).toBe(editorUrl);
  await expect(contentSource(page)).toHaveValue(`Content of ${title} and more`);
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();

  // The saved version is the one now open (its editor loaded anew): a second save is no conflict.
  await expect(page.locator('[data-rich-editor="ready"]')).toHaveCount(1);
  await page.getByRole('textbox', { name: 'Content', exact: true }).click();
  await page.keyboard.press('End');
  await page.keyboard.type('!');
  const opened = Number(await version.inputValue());
  await page.keyboard.press('Meta+s');
  // The first save's toast may still be showing: the form holding the next version is what says this save is done.
  await expect(version).toHaveValue(String(opened + 1));
  await expectToast(page, 'Page updated successfully!');
  await expect(contentSource(page)).toHaveValue(`Content of ${title} and more!`);
  await page.getByLabel('Meta Description').fill('Saved with the button');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/admin\/pages$/);
});

test('what is typed while Ctrl+S is saving stays in the editor as an unsaved change', async ({ page, content }) => {
  const title = uniqueTitle('Typing page');
  await content.page(title);
  await page.goto('/admin/pages');
  await row(page, title)
    .getByRole('link', { name: `Edit: ${title}` })
    .click();
  await expect(page.locator('[data-rich-editor="ready"]')).toHaveCount(1);
  // The save takes a moment on its way to the server, as on a slow connection: the producer types on meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/admin\/pages\/[^/]+\.data/, async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await page.getByRole('textbox', { name: 'Content', exact: true }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' saved');
  await page.keyboard.press('Control+s');
  await page.keyboard.type(' and typed during the save');
  release();
  await expectToast(page, 'Page updated successfully!');
  await expect(
    page.getByText('Loaded what you typed while it was saving. It is not saved yet: press Save Changes to keep it.'),
  ).toBeVisible();
  await expect(contentSource(page)).toHaveValue(`Content of ${title} saved and typed during the save`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/admin\/pages$/);
  await row(page, title)
    .getByRole('link', { name: `Edit: ${title}` })
    .click();
  await expect(contentSource(page)).toHaveValue(`Content of ${title} saved and typed during the save`);
});

test("a page's Social Image comes from the media library or any address, and the SEO preview follows the form", async ({ page }) => {
  const title = uniqueTitle('Seo page');
  await page.goto('/admin/pages/new');
  await page.getByLabel('Page Title').fill(title);
  const preview = page.getByRole('group', { name: 'SEO preview' });
  const snippet = page.getByTestId('seo-search-snippet');
  const card = page.getByTestId('seo-social-card');
  const fullTitle = `${title} · Atelier`;
  await expect(preview.getByText(`Title: ${fullTitle.length} / 60 characters`)).toBeVisible();
  await expect(preview.getByText('Description: 0 / 160 characters')).toBeVisible();
  await expect(snippet).toContainText(fullTitle);
  await expect(snippet).toContainText(`/${await page.getByLabel('URL Slug').inputValue()}`);
  await expect(card.getByText('No image')).toBeVisible();

  const description = 'A clear description. '.repeat(9).trim();
  await page.getByLabel('Meta Description').fill(description);
  await expect(preview.getByText(`Description: ${description.length} / 160 characters (too long, it will be cut)`)).toBeVisible();
  await expect(snippet).toContainText('A clear description.');

  const socialImage = page.getByRole('textbox', { name: 'Social Image URL' });
  await page.getByRole('button', { name: 'Choose Image' }).click();
  await page.getByRole('dialog', { name: 'Choose Image' }).getByRole('button', { name: 'Choose Team photo' }).click();
  await expect(socialImage).toHaveValue('/media/seed/team-photo.jpg');
  await expect(card.locator('img')).toHaveAttribute('src', '/media/seed/team-photo.jpg');
  // An image from elsewhere can still be typed in.
  await socialImage.fill('https://cdn.example.com/card.png');
  await expect(card.locator('img')).toHaveAttribute('src', 'https://cdn.example.com/card.png');

  await fillContent(page, 'Body');
  await page.getByLabel('Status').selectOption('published');
  const slug = await page.getByLabel('URL Slug').inputValue();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/admin\/pages$/);
  await page.goto(`/${slug}`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', 'https://cdn.example.com/card.png');
});

test("a post's featured image keeps its alt text, used on the public article; its SEO preview uses the meta title", async ({ page }) => {
  const title = uniqueTitle('Alt post');
  await page.goto('/admin/blog/new');
  await page.getByLabel('Post Title').fill(title);
  await fillContent(page, '## Inside\n\nA [link](/about) and **bold** text.');
  await page.getByLabel('Excerpt').fill('The excerpt stands in for the description');
  await page.getByRole('checkbox', { name: 'Design' }).check();
  await page.getByRole('button', { name: 'Choose Image' }).click();
  await page.getByRole('dialog', { name: 'Choose Image' }).getByRole('button', { name: 'Choose Team photo' }).click();
  await page.getByLabel('Alt Text').fill('The team around a table');
  const preview = page.getByRole('group', { name: 'SEO preview' });
  await expect(page.getByTestId('seo-search-snippet')).toContainText(`${title} · Atelier`);
  await expect(page.getByTestId('seo-search-snippet')).toContainText('The excerpt stands in for the description');
  await page.getByLabel('Meta Title').fill('Meta title of the post');
  await expect(page.getByTestId('seo-search-snippet')).toContainText('Meta title of the post');
  await expect(preview.getByText('Title: 22 / 60 characters')).toBeVisible();
  await expect(page.getByTestId('seo-social-card').locator('img')).toHaveAttribute('src', '/media/seed/team-photo.jpg');

  await page.getByRole('button', { name: 'Preview' }).click();
  const article = page.getByRole('article', { name: 'Preview' });
  await expect(article.getByRole('img', { name: 'The team around a table' })).toBeVisible();
  await expect(article.getByRole('heading', { level: 2, name: 'Inside' })).toBeVisible();
  await page.getByRole('button', { name: 'Exit Preview' }).click();

  await page.getByLabel('Status').selectOption('published');
  const slug = await page.getByLabel('URL Slug').inputValue();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await page.goto(`/blog/${slug}`);
  await expect(page.locator('article img').first()).toHaveAttribute('alt', 'The team around a table');
  await expect(page.locator('.site-prose h2')).toHaveText('Inside');
  await expect(page.locator('.site-prose a')).toHaveAttribute('href', '/about');
  await expect(page.locator('.site-prose strong')).toHaveText('bold');
});

test('a post shows its Markdown exactly as a page with the same Markdown does', async ({ page }) => {
  const markdown = '## Plan\n\n1. Listen\n2. **Build**\n\n> Quoted\n\n---\n\n![Team](/media/seed/team-photo.jpg)';
  const post = createPost({ title: unique('Same markdown post'), content: markdown });
  const sitePage = createPage({ title: unique('Same markdown page'), content: markdown });
  await page.goto(`/blog/${post.slug}`);
  const postHtml = await page.locator('.site-prose').innerHTML();
  await expect(page.locator('.site-prose li')).toHaveText(['Listen', 'Build']);
  await page.goto(`/${sitePage.slug}`);
  expect(await page.locator('.site-prose').innerHTML()).toBe(postHtml);
  expect(postHtml).toContain('<blockquote>');
});

test('on a phone the editor with its SEO preview fits the screen, whatever the title', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/blog/new');
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
  await page.getByLabel('Post Title').fill('A very long post title that goes on and on well past what any search result shows');
  await expect(page.getByTestId('seo-search-snippet')).toContainText('A very long post title');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
