import { type BrowserContext, type Page } from '@playwright/test';

import { signIn } from './support/auth.ts';
import { expectToast } from './support/content.ts';
import { expect, test } from './support/fixtures.ts';

// These tests change the public header and footer, so playwright.config.ts runs this file in its own
// project after all others, and each test puts back what it changed.
test.describe.configure({ mode: 'serial' });

const SCREENSHOTS = 'reports/screenshots';

async function visitor(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

const headerLinks = (page: Page) => page.locator('header').getByRole('navigation', { name: 'Main navigation' }).first().getByRole('link');
const row = (page: Page, title: string) => page.locator(`[data-menu-item="${title}"]`);

test('reordering the header menu by keyboard changes the public header, and the move buttons put it back', async ({ page, browser }) => {
  await signIn(page);
  // The menu screen has no sidebar entry; Settings links to it.
  await page.goto('/admin/settings');
  await page.getByRole('link', { name: 'Navigation Menu' }).click();
  await expect(page).toHaveURL(/\/admin\/menu$/);
  await expect(page.getByRole('heading', { name: 'Navigation Menu' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Header' })).toHaveAttribute('aria-current', 'page');
  const list = page.getByRole('list', { name: 'Header menu items' });
  await expect(list.locator(':scope > li')).toHaveCount(5);

  // Space picks Services up, one 25 px step up passes About (rows are 44 px apart), Space drops it.
  const handle = page.getByRole('button', { name: 'Drag Services' });
  // Each key waits for what a screen reader hears: the keyboard sensor listens for arrows only once the
  // pick-up is done, so an arrow pressed at once can go unheard.
  const liveRegion = page.locator('[id^="DndLiveRegion"]').first();
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(liveRegion).toContainText('Services is over position 3 of 5.');
  await page.keyboard.press('ArrowUp');
  await expect(liveRegion).toContainText('Services is over position 2 of 5.');
  await page.keyboard.press('Space');
  await expect(liveRegion).toContainText('Moved Services to position 2 of 5');
  await expectToast(page, 'Menu order saved');
  expect(await list.locator(':scope > li').evaluateAll((items) => items.map((li) => li.getAttribute('data-menu-item')))).toEqual([
    'Home',
    'Services',
    'About',
    'Blog',
    'Contact',
  ]);

  const anonymous = await browser.newContext();
  const home = await visitor(anonymous, '/');
  await expect(headerLinks(home)).toHaveText(['Home', 'Services', 'About', 'Blog', 'Contact']);
  await page.reload();
  await page.screenshot({ path: `${SCREENSHOTS}/menus-desktop.png` });

  // The Move down button puts Services back, announced the same way.
  await page.getByRole('button', { name: 'Move down Services' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Moved Services to position 3 of 5' })).toBeAttached();
  await expectToast(page, 'Menu order saved');
  await home.reload();
  await expect(headerLinks(home)).toHaveText(['Home', 'About', 'Services', 'Blog', 'Contact']);
  await anonymous.close();
});

test('a link added to the footer shows in the public footer; unsafe URLs are refused with a message', async ({ page, browser }) => {
  await signIn(page);
  await page.goto('/admin/menu');
  await page.getByRole('link', { name: 'Footer' }).click();
  await expect(page).toHaveURL(/location=footer/);
  await expect(page.getByRole('list', { name: 'Footer menu items' }).locator(':scope > li')).toHaveCount(3);

  await page.getByRole('button', { name: 'Add Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Menu Item' });
  // The schema's limits are the fields' attributes, and its messages show before anything is sent.
  await expect(dialog.getByLabel('Title', { exact: true })).toHaveAttribute('maxlength', '80');
  await expect(dialog.getByLabel('Title', { exact: true })).toHaveAttribute('required', '');
  await expect(dialog.getByLabel('Title (French)')).not.toHaveAttribute('required');
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByLabel('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  expect(posts).toEqual([]);
  await dialog.getByLabel('Title', { exact: true }).fill('Status');
  await expect(dialog.getByText('Title is required')).toBeHidden();
  await dialog.getByLabel('Title (French)').fill('État du service');
  await dialog.getByRole('radio', { name: 'Web address' }).check();
  await dialog.getByLabel('URL').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  await expect(dialog.getByText('Enter a site path such as /blog, or an http, https, mailto or tel address.')).toBeVisible();
  await dialog.getByLabel('URL').fill('https://status.example.com');
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Menu item added');
  await expect(row(page, 'Status')).toContainText('https://status.example.com');

  const english = await browser.newContext();
  const blog = await visitor(english, '/blog');
  const legal = blog.locator('footer').getByRole('navigation', { name: 'Legal' });
  await expect(legal.getByRole('link', { name: 'Status' })).toHaveAttribute('href', 'https://status.example.com');
  const french = await browser.newContext({ locale: 'fr-FR' });
  const frenchBlog = await visitor(french, '/fr/blog');
  await expect(frenchBlog.locator('footer').getByRole('link', { name: 'État du service' })).toBeVisible();

  // A post link is chosen from the search list.
  await page.getByRole('button', { name: 'Add Item' }).click();
  await dialog.getByLabel('Title', { exact: true }).fill('Guide');
  await dialog.getByRole('radio', { name: 'Blog post' }).check();
  await dialog.getByLabel('Search posts').fill('getting started');
  await dialog.getByRole('radio', { name: /Getting Started/i }).check();
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  await expect(dialog).toBeHidden();
  await blog.reload();
  await expect(legal.getByRole('link', { name: 'Guide' })).toHaveAttribute('href', /^\/blog\/getting-started/);
  // In French the link leads straight to the French translation's own address (no redirect through the English slug).
  await frenchBlog.reload();
  await expect(frenchBlog.locator('footer').getByRole('link', { name: 'Guide' })).toHaveAttribute(
    'href',
    '/fr/blog/premiers-pas-en-developpement-web',
  );

  for (const title of ['Status', 'Guide']) {
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Menu item deleted');
    await expect(row(page, title)).toHaveCount(0);
  }
  await blog.reload();
  await expect(legal.getByRole('link')).toHaveText(['Privacy Policy', 'Terms of Service', 'Cookie Policy']);
  await english.close();
  await french.close();
});

test('a header item with sub-items opens a dropdown by keyboard, and the mobile menu lists them', async ({ page, browser }) => {
  await signIn(page);
  await page.goto('/admin/menu');
  await page.getByRole('button', { name: 'Add Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Menu Item' });
  await dialog.getByLabel('Title', { exact: true }).fill('Web design');
  await dialog.getByRole('radio', { name: 'Web address' }).check();
  await dialog.getByLabel('URL').fill('/blog');
  await dialog.getByLabel('Parent item').selectOption({ label: 'Services' });
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Items under Services' }).getByText('Web design')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/menus-nested-desktop.png` });

  const context = await browser.newContext();
  const home = await visitor(context, '/blog');
  const nav = home.locator('header').getByRole('navigation', { name: 'Main navigation' }).first();
  const child = nav.getByRole('link', { name: 'Web design' });
  await expect(child).toBeHidden();
  await nav.getByRole('link', { name: 'Services' }).focus();
  await expect(child).toBeVisible();
  await home.keyboard.press('Tab');
  await expect(nav.getByRole('button', { name: 'Show the Services submenu' })).toBeFocused();
  await home.keyboard.press('Tab');
  await expect(child).toBeFocused();
  await home.screenshot({ path: `${SCREENSHOTS}/header-dropdown-desktop.png` });
  await home.keyboard.press('Escape');
  await expect(child).toBeHidden();
  await expect(nav.getByRole('button', { name: 'Show the Services submenu' })).toBeFocused();

  const mobile = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await visitor(mobile, '/blog');
  await phone.getByRole('button', { name: 'Open menu' }).click();
  const menu = phone.locator('#mobile-menu');
  await expect(menu.getByRole('link')).toHaveText(['Home', 'About', 'Services', 'Web design', 'Blog', 'Contact']);
  await expect(menu).toHaveCSS('opacity', '1');
  await phone.screenshot({ path: `${SCREENSHOTS}/mobile-menu.png` });
  const admin = await mobile.newPage();
  await signIn(admin);
  await admin.goto('/admin/menu');
  await admin.screenshot({ path: `${SCREENSHOTS}/menus-mobile.png`, fullPage: true });

  await page.getByRole('button', { name: 'Delete Web design' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Menu item deleted');
  await home.reload();
  await expect(nav.getByRole('link')).toHaveText(['Home', 'About', 'Services', 'Blog', 'Contact']);
  await context.close();
  await mobile.close();
});

test('two people editing one menu item: the later save is refused with the conflict message, nothing overwritten', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page);
  const otherContext = await browser.newContext({ baseURL });
  const other = await otherContext.newPage();
  await signIn(other);
  for (const screen of [page, other]) {
    await screen.goto('/admin/menu?location=footer');
    await screen.getByRole('button', { name: 'Edit Cookie Policy' }).click();
  }
  const mine = page.getByRole('dialog', { name: 'Edit Menu Item' });
  await mine.getByLabel('Title', { exact: true }).fill('Cookies');
  await mine.getByRole('button', { name: 'Save Changes' }).click();
  await expect(mine).toBeHidden();
  await expectToast(page, 'Menu item updated');
  try {
    const theirs = other.getByRole('dialog', { name: 'Edit Menu Item' });
    await theirs.getByLabel('Title', { exact: true }).fill('Cookie notice');
    await theirs.getByRole('button', { name: 'Save Changes' }).click();
    await expect(
      theirs.getByText('This menu item was changed by someone else since you opened it. Your changes have not been saved.'),
    ).toBeVisible();
    await other.reload();
    await expect(row(other, 'Cookies')).toBeVisible();
    await expect(row(other, 'Cookie notice')).toHaveCount(0);
  } finally {
    await page.reload();
    await page.getByRole('button', { name: 'Edit Cookies' }).click();
    await mine.getByLabel('Title', { exact: true }).fill('Cookie Policy');
    await mine.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Menu item updated');
    await otherContext.close();
  }
});
