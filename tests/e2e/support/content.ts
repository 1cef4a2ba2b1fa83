import { expect, type Page } from '@playwright/test';

/** A title no other test uses, so tests can run in parallel on one database. */
export function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The toast just shown (an identical earlier one may still be fading out). */
export async function expectToast(page: Page, message: string) {
  await expect(page.getByRole('status').filter({ hasText: message }).last()).toBeVisible();
}

/**
 * Writes Markdown into the Content field through the rich editor's Markdown view (the rich editor itself would
 * take "## Title" as text to show, not as a heading), then returns to the rich view.
 */
export async function fillContent(page: Page, markdown: string) {
  const markdownView = page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Markdown' });
  await markdownView.click();
  await expect(markdownView).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('textbox', { name: 'Markdown source' }).fill(markdown);
  await markdownView.click();
  await expect(markdownView).toHaveAttribute('aria-pressed', 'false');
}

/** The form's own Content field: the textarea the rich editor writes its Markdown into. */
export function contentSource(page: Page) {
  return page.locator('textarea[name="content"]');
}

/** Creates a page through the editor and lands back on the list. */
export async function createPageThroughEditor(
  page: Page,
  title: string,
  options: { content?: string; status?: 'draft' | 'published' } = {},
) {
  await page.goto('/admin/pages/new');
  await page.getByLabel('Page Title').fill(title);
  await fillContent(page, options.content ?? `Content of ${title}`);
  if (options.status) await page.getByLabel('Status').selectOption(options.status);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/admin\/pages$/, { timeout: 15_000 });
  await expectToast(page, 'Page created successfully!');
  await waitForToastsToClear(page);
}

/** Creates a post through the editor (with the Design category) and lands back on the list. */
export async function createPostThroughEditor(
  page: Page,
  title: string,
  options: { content?: string; status?: 'draft' | 'published' | 'review'; categories?: string[] } = {},
) {
  await page.goto('/admin/blog/new');
  await page.getByLabel('Post Title').fill(title);
  await fillContent(page, options.content ?? `First paragraph of ${title}\n\nSecond paragraph`);
  await page.getByLabel('Excerpt').fill(`Excerpt of ${title}`);
  for (const category of options.categories ?? ['Design']) await page.getByRole('checkbox', { name: category }).check();
  if (options.status) await page.getByLabel('Status').selectOption(options.status);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/, { timeout: 15_000 });
  await expectToast(page, 'Post created successfully!');
  await waitForToastsToClear(page);
}

/**
 * Toasts sit top-right, over the header's buttons, and pause while hovered: move the mouse
 * away and let them expire before clicking a header button.
 */
export async function waitForToastsToClear(page: Page) {
  await page.mouse.move(10, 790);
  await expect(page.getByRole('status')).toHaveCount(0, { timeout: 10_000 });
}

export function row(page: Page, title: string) {
  return page.getByRole('row').filter({ hasText: title });
}
