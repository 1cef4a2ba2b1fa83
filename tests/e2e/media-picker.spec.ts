import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';
import { TINY_PNG, uniqueName } from './support/media-files.ts';

test('the blog editor’s Featured Image is chosen with the media picker, searched, uploaded into and removed', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/blog/new');
  const field = page.getByRole('textbox', { name: 'Featured Image', exact: true });
  await expect(field).toHaveValue('');

  await page.getByRole('button', { name: 'Choose Image' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose Image' });
  await expect(picker.getByRole('button', { name: 'Choose Hero photo' })).toBeVisible();
  // Only images are offered.
  await picker.getByLabel('Search the media library').fill('team');
  await expect(picker.getByRole('list', { name: 'Media to choose from' }).getByRole('button')).toHaveText(['Team photo']);
  await picker.getByRole('button', { name: 'Choose Team photo' }).click();
  await expect(picker).toBeHidden();
  await expect(field).toHaveValue('/media/seed/team-photo.jpg');
  await expect(page.getByRole('img', { name: 'Featured image preview' })).toBeVisible();

  // A file uploaded inside the picker can be chosen straight away.
  const name = uniqueName('picked');
  await page.getByRole('button', { name: 'Choose Image' }).click();
  await picker.getByLabel('Upload').setInputFiles({ name: `${name}.png`, mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByText('Files uploaded successfully')).toBeVisible();
  await picker.getByRole('button', { name: `Choose ${name}` }).click();
  await expect(field).toHaveValue(/^\/media\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);

  await page.getByRole('button', { name: 'Remove featured image' }).click();
  await expect(field).toHaveValue('');
});
