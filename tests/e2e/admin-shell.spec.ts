import { ACCOUNTS } from './support/accounts.ts';
import { signIn } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';

const NAV = [
  ['Dashboard', '/admin'],
  ['Content', '/admin/content'],
  ['Pages', '/admin/pages'],
  ['Blog', '/admin/blog'],
  ['Themes', '/admin/themes'],
  ['Media Library', '/admin/media'],
  ['Contact', '/admin/contact'],
  ['Users', '/admin/users'],
  ['Messages', '/admin/messages'],
  ['Settings', '/admin/settings'],
] as const;

test.describe('desktop', () => {
  test('the sidebar lists the ten entries in order and marks only the exact path current', async ({ page }) => {
    await signIn(page);
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    await expect(page.getByText('Admin Panel')).toBeVisible();
    const links = sidebar.getByRole('link');
    await expect(links).toHaveText(NAV.map(([label]) => label));
    for (const [index, [, path]] of NAV.entries()) {
      await expect(links.nth(index)).toHaveAttribute('href', path);
    }
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    await sidebar.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(sidebar.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');

    // A deeper path is not an exact match, so no entry is current (the theme editor is full screen, without the sidebar).
    await page.goto('/admin/pages/new');
    await expect(sidebar.getByRole('link', { name: 'Pages' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Pages' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('the top bar has a search box that finds content, and the notifications bell', async ({ page }) => {
    await signIn(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill('privacy');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expect(page).toHaveURL(/\/admin\/search\?q=privacy/);
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();

    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(page.getByRole('menu').getByRole('menuitem', { name: 'View all' })).toHaveAttribute('href', '/admin/notifications');
  });

  test('a contributor finds only their own posts with the top-bar search', async ({ page }) => {
    await signIn(page, ACCOUNTS.contributor.email);
    await page.goto('/admin/search?q=getting');
    await expect(page.getByText('Nothing matches “getting”.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Getting Started with Web Development' })).toHaveCount(0);
  });

  test('an unknown admin URL is a 404 once signed in', async ({ page }) => {
    await signIn(page);
    const response = await page.goto('/admin/no-such-screen');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar is a slide-over behind the menu button', async ({ page }) => {
    await signIn(page);
    const panel = page.getByRole('dialog');
    await expect(panel).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(panel).toBeVisible();
    await panel.getByRole('link', { name: 'Pages' }).click();
    await expect(page).toHaveURL(/\/admin\/pages$/);
    await expect(panel).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Pages' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('toasts and sidebar', () => {
  test('a toast sits top-right below the top bar and never covers the heading actions', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/pages/new');
    await page.getByLabel('Page Title').fill(`Toast check ${Date.now().toString(36)}`);
    await page.getByLabel('Content').fill('Draft used to check where toasts appear.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/admin\/pages$/, { timeout: 15_000 });
    const toast = page.getByRole('status').filter({ hasText: 'Page created successfully!' }).last();
    await expect(toast).toBeVisible();
    // Where the toast rests is what matters, not where its slide-and-scale entrance or exit has it at the moment of
    // reading (on a busy machine a 2-second toast can be leaving already): layout offsets ignore the animation's
    // transform. One read inside the page, so the toast cannot be removed between measuring it and the buttons.
    const boxes = await toast.evaluate((message) => {
      const box = (node: Element) => node.getBoundingClientRect().toJSON() as { x: number; y: number; width: number; height: number };
      const bar = message.parentElement!;
      const wrapper = bar.offsetParent as HTMLElement;
      const container = box(wrapper.offsetParent!);
      const actions = [...document.querySelectorAll('main a, main button')].filter((node) =>
        ['View Trash', 'Create New Page'].includes(node.textContent?.trim() ?? ''),
      );
      return {
        toast: {
          x: container.x + wrapper.offsetLeft + bar.offsetLeft,
          y: container.y + wrapper.offsetTop + bar.offsetTop,
          width: bar.offsetWidth,
          height: bar.offsetHeight,
        },
        topBar: box(document.querySelector('header')!),
        actions: actions.map((node) => ({ name: node.textContent!.trim(), ...box(node) })),
      };
    });
    const box = boxes.toast;
    expect(box.y).toBeGreaterThanOrEqual(boxes.topBar.y + boxes.topBar.height);
    expect(box.x + box.width).toBeGreaterThan(1280 - 40);
    expect(boxes.actions.map((action) => action.name).sort()).toEqual(['Create New Page', 'View Trash']);
    for (const button of boxes.actions) {
      const overlaps =
        box.x < button.x + button.width &&
        button.x < box.x + box.width &&
        box.y < button.y + button.height &&
        button.y < box.y + box.height;
      expect(overlaps, `the toast covers ${button.name}`).toBe(false);
    }
    await page
      .getByRole('link', { name: 'Create New Page' })
      .or(page.getByRole('button', { name: 'Create New Page' }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin\/pages\/new\?draft=new-[\w-]+$/);
  });

  test("the sidebar's white background reaches the bottom of a long page", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await signIn(page);
    await page.goto('/admin/settings');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const aside = page.locator('aside').first();
    const box = (await aside.boundingBox())!;
    expect(box.y).toBeLessThanOrEqual(0);
    expect(box.y + box.height).toBeGreaterThanOrEqual(500);
    expect(await aside.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 255, 255)');
  });
});
