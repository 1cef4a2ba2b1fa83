import { type Page } from '@playwright/test';

import { UPLOAD_ACCEPT } from '#app/lib/accepted-media.ts';

import { ACCOUNTS } from './support/accounts.ts';
import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';
import { HTML_PAGE, TINY_PDF, TINY_PNG, TINY_SVG, uniqueName } from './support/media-files.ts';

async function uploadFiles(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  await page.getByLabel('Upload Files').setInputFiles(files);
}

const card = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Edit ${title}` }) });

test('uploads several files with a progress bar each, then filters by type and searches', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/media');
  await expect(page.getByRole('heading', { name: 'Media Library' })).toBeVisible();
  // Upload Files is a button that opens the file chooser, for several files of the accepted types.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Files' }).click();
  expect((await chooser).isMultiple()).toBe(true);
  // Away from where the toasts appear (a toast under the pointer waits).
  await page.mouse.move(0, 0);
  await expect(page.getByLabel('Upload Files')).toHaveAttribute('accept', UPLOAD_ACCEPT);
  const stem = uniqueName('batch');
  await uploadFiles(page, [
    { name: `${stem}-photo.png`, mimeType: 'image/png', buffer: TINY_PNG },
    { name: `${stem}-brochure.pdf`, mimeType: 'application/pdf', buffer: TINY_PDF },
    { name: `${stem}-badge.svg`, mimeType: 'image/svg+xml', buffer: TINY_SVG },
  ]);
  for (const name of ['photo.png', 'brochure.pdf', 'badge.svg']) {
    await expect(page.getByRole('progressbar', { name: `Upload of ${stem}-${name}` })).toBeVisible();
  }
  await expect(page.getByText('Files uploaded successfully')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: `Upload of ${stem}-photo.png` })).toHaveAttribute('aria-valuenow', '100');
  for (const title of ['photo', 'brochure', 'badge']) await expect(card(page, `${stem}-${title}`)).toBeVisible();

  await page.getByLabel('Type').selectOption({ label: 'Documents' });
  await expect(page).toHaveURL(/type=document/);
  await expect(card(page, `${stem}-brochure`)).toBeVisible();
  await expect(card(page, `${stem}-photo`)).toHaveCount(0);

  await page.getByLabel('Type').selectOption({ label: 'All Types' });
  await page.getByLabel('Search media').fill(`${stem}-BADGE`);
  await expect(page).toHaveURL(/q=/);
  await expect(card(page, `${stem}-badge`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Media items' }).getByRole('listitem')).toHaveCount(1);

  // The list view has the spec's columns.
  await page.getByRole('link', { name: 'List view' }).click();
  await expect(page.getByRole('columnheader')).toHaveText(['File', 'Type', 'Size', 'Modified']);
  await expect(page.getByRole('row').nth(1)).toContainText('Image');
});

test('edits title, description, alt text and tags in the Edit Media dialog', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/media');
  const name = uniqueName('edit');
  await uploadFiles(page, [{ name: `${name}.png`, mimeType: 'image/png', buffer: TINY_PNG }]);
  await expect(page.getByText('Files uploaded successfully')).toBeVisible();
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Media' });
  await expect(dialog.getByLabel('Title')).toHaveValue(name);
  await expect(dialog.getByLabel('Alt Text', { exact: true })).toHaveValue(name);
  // The limits come from the schema; every field may be left empty.
  await expect(dialog.getByLabel('Title')).toHaveAttribute('maxlength', '200');
  await expect(dialog.getByLabel('Alt Text', { exact: true })).toHaveAttribute('maxlength', '500');
  await expect(dialog.getByLabel('Title')).not.toHaveAttribute('required');
  await dialog.getByLabel('Title').fill(`${name} renamed`);
  await dialog.getByLabel('Description', { exact: true }).fill(`Described ${name}`);
  await dialog.getByLabel('Alt Text', { exact: true }).fill('A single pixel');
  await dialog.getByLabel('Tags (comma separated)').fill('pixel, tiny , pixel');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Item updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Search media').fill(`described ${name}`);
  await expect(card(page, `${name} renamed`)).toBeVisible();
  await page.getByRole('button', { name: `Edit ${name} renamed` }).click();
  await expect(dialog.getByLabel('Tags (comma separated)')).toHaveValue('pixel, tiny');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('asks the alt text and description in French, and the French home page shows the library’s French alt text', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await page.goto('/admin/media');
  const name = uniqueName('french');
  await uploadFiles(page, [{ name: `${name}.png`, mimeType: 'image/png', buffer: TINY_PNG }]);
  await expect(page.getByText('Files uploaded successfully')).toBeVisible();
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Media' });
  const frenchBox = dialog.getByRole('group', { name: 'In French' });
  await expect(frenchBox.getByLabel('Alt Text (French)')).toHaveValue('');
  await expect(frenchBox.getByText('Left empty, the alt text above is used.')).toBeVisible();
  await expect(frenchBox.getByLabel('Alt Text (French)')).toHaveAttribute('maxlength', '500');
  await frenchBox.getByLabel('Alt Text (French)').fill('Un seul pixel');
  await frenchBox.getByLabel('Description (French)').fill('Un pixel décrit');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Item updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(dialog.getByLabel('Alt Text', { exact: true })).toHaveValue(name);
  await expect(dialog.getByLabel('Alt Text (French)')).toHaveValue('Un seul pixel');
  await expect(dialog.getByLabel('Description (French)')).toHaveValue('Un pixel décrit');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The seeded hero images have French alt text: the French home page uses it, the English one the English.
  const frenchAlt: Record<string, string> = {
    'app-screenshot.png': "Le tableau de bord d'une application réalisée par Atelier",
    'team-photo.jpg': "L'équipe d'Atelier dans son studio",
  };
  const visitor = await browser.newPage();
  await visitor.goto('/fr');
  const hero = visitor.locator('#home img');
  const source = (await hero.getAttribute('src')) ?? '';
  const seeded = Object.keys(frenchAlt).find((file) => source.includes(file.replace(/\.\w+$/, '')));
  expect(seeded, `hero image ${source}`).toBeDefined();
  await expect(hero).toHaveAttribute('alt', frenchAlt[seeded!]!);
  await expect(hero).not.toHaveAttribute('lang', /./);
  await visitor.goto('/');
  await expect(visitor.locator('#home img')).toHaveAttribute('alt', 'A dashboard of an app built by Atelier');
  await visitor.close();
});

test('deletes selected items after the confirmation, and warns where an item is used', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/media');
  const stem = uniqueName('delete');
  await uploadFiles(page, [
    { name: `${stem}-one.png`, mimeType: 'image/png', buffer: TINY_PNG },
    { name: `${stem}-two.png`, mimeType: 'image/png', buffer: TINY_PNG },
  ]);
  await expect(page.getByText('Files uploaded successfully')).toBeVisible();
  await page.getByLabel('Search media').fill(stem);
  await expect(page.getByRole('list', { name: 'Media items' }).getByRole('listitem')).toHaveCount(2);

  await page.getByRole('button', { name: `Select ${stem}-one` }).click();
  await expect(page.getByRole('button', { name: `Select ${stem}-one` })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Delete Selected (1)' }).click();
  await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete this item?');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: `Select ${stem}-two` }).click();
  await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Selected' });
  await expect(dialog).toContainText('Are you sure you want to delete these items?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Items deleted successfully')).toBeVisible();
  await expect(page.getByText('No media match your search.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Delete Selected/ })).toHaveCount(0);

  // The seeded logo is used by the site settings: the confirmation says so before anything goes.
  await page.getByLabel('Search media').fill('Company logo');
  await page.getByRole('button', { name: 'Select Company logo' }).click();
  await page.getByRole('button', { name: 'Delete Selected (1)' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'still in use' })).toContainText('Company logo is used in Header, Footer');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(card(page, 'Company logo')).toBeVisible();
});

test('a file whose content does not match its type is refused with a message and not stored', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/media');
  const name = uniqueName('disguised');
  await uploadFiles(page, [{ name: `${name}.png`, mimeType: 'image/png', buffer: HTML_PAGE }]);
  await expect(page.getByText(`"${name}.png" does not contain a valid image: its content does not match its type.`).first()).toBeVisible();
  await page.getByLabel('Search media').fill(name);
  await expect(page.getByText('No media match your search.')).toBeVisible();
});

test('an author uploads and edits their own files, sees everyone’s, and is offered no action on others’; a forged delete is 403', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.author.email);
  await page.goto('/admin/media');
  const name = uniqueName('authors-own');
  await uploadFiles(page, [{ name: `${name}.png`, mimeType: 'image/png', buffer: TINY_PNG }]);
  await expect(page.getByText('Files uploaded successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Select ${name}` })).toBeVisible();

  await page.getByLabel('Search media').fill('Company logo');
  const logo = page.getByRole('list', { name: 'Media items' }).getByRole('listitem');
  await expect(logo).toHaveCount(1);
  await expect(logo.getByRole('button')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/media-author-others.png' });

  // The picker lists every item, the logo included: that is where a forger would find its id.
  const picker = (await (await page.request.get('/admin/media/picker?q=Company%20logo')).json()) as {
    items: Array<{ id: string; url: string }>;
  };
  const id = picker.items.find((item) => item.url === '/media/seed/company-logo.svg')?.id ?? '';
  expect(id).not.toBe('');
  const origin = new URL(page.url()).origin;
  const forged = await page.request.post('/admin/media', { form: { intent: 'delete', ids: id }, headers: { Origin: origin } });
  expect(forged.status()).toBe(403);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Media items' }).getByRole('listitem')).toHaveCount(1);
});
