import { uniqueTitle } from './support/content.ts';
import { expect, test } from './support/fixtures.ts';

test.use({ signedInAs: 'administrator' });

test('the dashboard shows the real page and comment counts, recent published pages and notifications', async ({ page, content }) => {
  const title = uniqueTitle('Dashboard page');
  await content.page(title, { status: 'published' });
  await page.goto('/admin');

  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText("Welcome back, Administrator! Here's what's happening with your site.")).toBeVisible();
  const period = page.getByLabel('Period');
  await expect(period).toHaveValue('7d');
  await expect(period.locator('option')).toHaveText(['Last 24 hours', 'Last 7 days', 'Last 30 days', 'Last 90 days']);
  await period.selectOption('30d');
  await expect(period).toHaveValue('30d');

  // Total Pages is counted in the database (the seeded six plus what the tests created, never a sample).
  const total = Number(await page.getByRole('group', { name: 'Total Pages' }).locator('[data-stat-value]').textContent());
  expect(total).toBeGreaterThanOrEqual(7);
  // Active Users and Page Views are counted for the chosen period: this sign-in counts, and the page views of the tests.
  expect(Number(await page.getByRole('group', { name: 'Active Users' }).locator('[data-stat-value]').textContent())).toBeGreaterThanOrEqual(
    1,
  );
  await expect(page).toHaveURL(/period=30d/);
  await expect(page.getByRole('group', { name: 'Page Views' }).locator('[data-stat-value]')).toHaveText(/^\d+(\.\d)?k?$/);
  // Comments are counted too (the sample figure is gone).
  await expect(page.getByRole('group', { name: 'Comments' }).locator('[data-stat-value]')).toHaveText(/^\d+(\.\d)?k?$/);
  await expect(page.getByRole('group', { name: 'Comments' }).locator('[data-stat-value]')).not.toHaveText('482');

  const quick = page.getByRole('navigation', { name: 'Quick links' }).getByRole('link');
  // The spec's four quick links.
  await expect(quick).toHaveText(['New Page', 'New Blog Post', 'Comments', 'Users']);
  await expect(quick.nth(0)).toHaveAttribute('href', '/admin/pages/new');
  await expect(quick.nth(1)).toHaveAttribute('href', '/admin/blog/new');
  await expect(quick.nth(2)).toHaveAttribute('href', '/admin/comments');
  await expect(quick.nth(3)).toHaveAttribute('href', '/admin/users');

  const recent = page.getByRole('region', { name: 'Recent Pages' });
  await expect(recent.getByRole('listitem')).toHaveCount(5);
  await expect(recent).toContainText(title);
  await expect(recent.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', /^\/admin\/pages\/.+/);
  const live = recent.getByRole('link', { name: `View ${title} on the site` });
  await expect(live).toHaveAttribute('target', '_blank');
  await expect(live).toHaveAttribute('href', /^\/dashboard-page-/);
  await expect(recent.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/admin/pages');

  const notifications = page.getByRole('region', { name: 'Notifications' });
  await expect(notifications.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/admin/notifications');
  // Real notifications now: the samples with buttons that did nothing are gone.
  await expect(notifications).not.toContainText('A theme update is available');

  const activity = page.getByRole('region', { name: 'Recent Activity' });
  await expect(activity.getByRole('columnheader')).toHaveText(['Page', 'Views', 'Trend']);
  await expect(activity).not.toContainText('245');

  await quick.nth(2).click();
  await expect(page).toHaveURL(/\/admin\/comments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Comments' })).toBeVisible();
});

test('a drafted page leaves Recent Pages', async ({ page, content }) => {
  const title = uniqueTitle('Drafted dashboard page');
  await content.page(title);
  await page.goto('/admin');
  await expect(page.getByRole('region', { name: 'Recent Pages' })).not.toContainText(title);
});
