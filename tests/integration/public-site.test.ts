import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { getLandingContent } from '#app/services/landing/landing.server.ts';
import { countPostView } from '#app/services/posts/post-views.server.ts';
import { getPublishedPost, listPublishedPosts, listPublishedPostsForFeeds } from '#app/services/posts/public-posts.server.ts';
import { getSiteShell } from '#app/services/site-shell/site-shell.server.ts';
import { getSiteTheme } from '#app/services/themes/site-theme.server.ts';

const reader = { address: '203.0.113.9', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' };
import { CONTACT_RATE_LIMIT, submitContactMessage } from '#app/services/contact/contact-messages.server.ts';
import { renderMarkdown } from '#app/services/content/markdown.server.ts';
import { getPublishedPage } from '#app/services/pages/public-pages.server.ts';
import { testDialects } from '#tests/support/databases.ts';
import { insertPostRow } from '#tests/support/post-rows.ts';

async function addPost(
  title: string,
  status: 'draft' | 'published' | 'review' | 'trash',
  publishDate: string | null,
  updatedAt = '2020-01-01T00:00:00.000Z',
) {
  return insertPostRow({
    title,
    slug: title.toLowerCase().replace(/\W+/g, '-'),
    excerpt: 'Excerpt',
    status,
    tags: '["a"]',
    publish_date: publishDate,
    created_at: updatedAt,
    updated_at: updatedAt,
  });
}

describe.each(testDialects)('public site services on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('lists published posts only, newest first by publish date else last modified, paginated in the database', async () => {
    await addPost('Newest', 'published', '2030-01-03T00:00:00.000Z');
    await addPost('Undated', 'published', null, '2030-01-02T00:00:00.000Z');
    await addPost('Older', 'published', '2030-01-01T00:00:00.000Z');
    await addPost('Draft', 'draft', '2031-01-01T00:00:00.000Z');
    await addPost('Review', 'review', '2031-01-01T00:00:00.000Z');
    await addPost('Trashed', 'trash', '2031-01-01T00:00:00.000Z');
    const first = await listPublishedPosts({ page: 1, pageSize: 2 });
    expect(first.items.map((p) => p.title)).toEqual(['Newest', 'Undated']);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 4 });
    const second = await listPublishedPosts({ page: 2, pageSize: 2 });
    expect(second.items.map((p) => p.title)).toEqual(['Older', 'Getting Started with Web Development']);
    expect(second.items[1]!.categories).toEqual(['Programming', 'Web Development']);
    expect((await listPublishedPosts({ page: 99, pageSize: 2 })).page).toBe(2);
    expect((await listPublishedPostsForFeeds()).map((p) => p.title)).not.toContain('Draft');
  });

  it('lists a post written behind the app’s back although the number of posts was kept from before', async () => {
    const before = await listPublishedPosts({ page: 1, pageSize: 2 });
    await addPost('Written by SQL', 'published', '2020-01-01T00:00:00.000Z');
    // The kept count is one short: the extra row the screen reads shows it, and the posts are counted again.
    const last = await listPublishedPosts({ page: 99, pageSize: 2 });
    expect(last.total).toBe(before.total + 1);
    expect(last).toMatchObject({ page: Math.ceil((before.total + 1) / 2), pageCount: Math.ceil((before.total + 1) / 2) });
    expect(last.items.map((p) => p.title)).toContain('Written by SQL');
  });

  it('finds published posts by slug only and counts views of published posts', async () => {
    expect(await getPublishedPost('draft')).toBeNull();
    const post = await getPublishedPost('getting-started-with-web-development');
    expect(post).toMatchObject({ views: 156, tags: ['html', 'css', 'javascript', 'beginners'] });
    expect((await countPostView(post!.slug, post!.id, reader))?.views).toBe(157);
    const draftId = await addPost('Hidden', 'draft', null);
    expect(await countPostView('hidden', draftId, reader)).toBeNull();
  });

  it('renders published pages only, as sanitized Markdown', async () => {
    const page = await getPublishedPage('privacy-policy');
    expect(page?.html).toContain('<h2>Your rights</h2>');
    expect(page?.html).toContain('<li>');
    await getDb().updateTable('pages').set({ status: 'draft' }).where('slug', '=', 'cookie-policy').execute();
    expect(await getPublishedPage('cookie-policy')).toBeNull();
    await getDb().updateTable('pages').set({ status: 'trash' }).where('slug', '=', 'terms-of-service').execute();
    expect(await getPublishedPage('terms-of-service')).toBeNull();
    const unsafe = renderMarkdown(
      '<script>x</script>\n\n[a](javascript:alert(1))\n\n![i](https://evil.example/i.png)\n\n![ok](/media/seed/hero-photo.jpg)',
    );
    expect(unsafe).not.toMatch(/<script|javascript:|evil\.example/);
    expect(unsafe).toContain('<img src="/media/seed/hero-photo.jpg"');
  });

  it('stores contact messages and limits each address to a few per window', async () => {
    const input = { firstName: 'Ada', lastName: 'L', email: 'ada@example.com', phone: '', subject: 'Hi', message: 'Hello' };
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) expect((await submitContactMessage({ ...input, ip: '203.0.113.9' })).ok).toBe(true);
    expect(await submitContactMessage({ ...input, ip: '203.0.113.9' })).toMatchObject({ ok: false, reason: 'rate-limited' });
    expect((await submitContactMessage({ ...input, ip: '198.51.100.1' })).ok).toBe(true);
    const stored = await getDb().selectFrom('messages').selectAll().where('ip', '=', '203.0.113.9').execute();
    expect(stored).toHaveLength(CONTACT_RATE_LIMIT.max);
    expect(stored[0]).toMatchObject({ first_name: 'Ada', status: 'unread', message: 'Hello' });
  });

  it('reads the landing copy per language and the shell from the settings', async () => {
    expect((await getLandingContent('fr')).services.title).toBe('Nos services');
    await getDb().deleteFrom('landing_content').where('locale', '=', 'fr').execute();
    expect((await getLandingContent('fr')).services.title).toBe('Our Services');
    const shell = await getSiteShell();
    // The earlier test unpublished the cookie policy and trashed the terms: their footer links are hidden from visitors.
    expect(shell.menus.footer.map((m) => m.href)).toEqual(['/privacy-policy']);
    expect((await getSiteTheme()).settings.primaryColor).toBe('#3B82F6');
    expect(shell.social.twitter).toBe('https://twitter.com/atelieragency');
  });
});
