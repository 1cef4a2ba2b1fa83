import type { Page } from '@playwright/test';

import { expectToast, row, uniqueTitle, waitForToastsToClear } from './support/content.ts';
import { expect, test } from './support/fixtures.ts';

test.use({ signedInAs: 'administrator' });

/** A datetime-local value `minutes` ahead, in UTC (the site's default timezone), and its "2 Dec 09:00" form. */
function ahead(minutes: number) {
  const at = new Date(Date.now() + minutes * 60_000);
  const value = at.toISOString().slice(0, 16);
  const month = at.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  return { value, badge: `Scheduled for ${at.getUTCDate()} ${month} ${value.slice(11, 16)}` };
}

async function schedulePost(page: Page, title: string, when: string) {
  await page.goto('/admin/blog/new');
  await page.getByLabel('Post Title').fill(title);
  await page.getByLabel('Content').fill(`The body of ${title}`);
  await page.getByLabel('Excerpt').fill(`Excerpt of ${title}`);
  await page.getByRole('checkbox', { name: 'Design' }).check();
  await page.getByLabel('Status').selectOption('published');
  await page.getByLabel('Publish Date').fill(when);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/, { timeout: 15_000 });
  await expectToast(page, 'Post created successfully!');
}

test('a post scheduled two minutes ahead appears on /blog and in /rss.xml by itself', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const title = uniqueTitle('Scheduled launch');
  const { value, badge } = ahead(2);
  await schedulePost(page, title, value);
  await expect(row(page, title)).toContainText(badge);

  // A visitor who never signed in: not there yet, then there, with nobody touching anything in between.
  const visitor = await browser.newContext();
  const blog = await visitor.newPage();
  await blog.goto('/blog');
  await expect(blog.getByText(title)).toHaveCount(0);
  expect(await (await visitor.request.get('/rss.xml')).text()).not.toContain(title);
  await expect.poll(async () => (await visitor.request.get('/blog')).text(), { timeout: 200_000, intervals: [5_000] }).toContain(title);
  expect(await (await visitor.request.get('/rss.xml')).text()).toContain(title);
  await blog.goto('/blog');
  await expect(blog.getByRole('heading', { name: title })).toBeVisible();
  await visitor.close();
  // The admin list says so too.
  await page.goto('/admin/blog');
  await expect(row(page, title)).toContainText('Published');
});

test('a scheduled post says when in its editor; Unschedule makes it a draft again', async ({ page }) => {
  const title = uniqueTitle('Later post');
  const { value, badge } = ahead(24 * 60);
  await schedulePost(page, title, value);
  await waitForToastsToClear(page);
  await page.getByRole('link', { name: `Edit: ${title}` }).click();
  await expect(page.getByText(`${badge}: this post goes live then, by itself.`)).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('published');
  await page.getByRole('button', { name: 'Unschedule' }).click();
  await expectToast(page, 'Unscheduled: the post is a draft again.');
  await expect(page.getByLabel('Status')).toHaveValue('draft');
  await expect(page.getByText('goes live then')).toHaveCount(0);
  await page.goto('/admin/blog');
  await expect(row(page, title)).toContainText('Draft');
});
