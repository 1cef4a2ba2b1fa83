import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { htmlCacheTtlMs, invalidatePublicCache } from '#app/services/cache/html-cache.server.ts';
import { htmlCacheStats, readStalePage } from '#server/public/page-store.ts';
import { type BuiltServer, startBuiltServer } from '#tests/support/built-server.ts';

// Load with editors at work (decision 031, "Narrow invalidation"): an article edited in place drops its own page and
// the lists, not the other articles; a page many visitors ask for at once after a save is rendered once; a page past
// the Cache TTL is served stale while one render refreshes it.

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const postFields = {
  excerpt: 'An excerpt',
  status: 'published',
  publishDate: '',
  tags: '',
  featuredImage: '',
  metaTitle: '',
  metaDescription: '',
  metaKeywords: '',
};

describe('what a save drops, and how the cache refills under visitors', () => {
  let server: BuiltServer;
  let cookie: string;
  let posts: Array<{ id: string; slug: string }>;

  beforeAll(async () => {
    server = await startBuiltServer('sqlite');
    cookie = await server.signInAsAdmin();
    const [category] = await server.rows('select id from categories order by name limit 1');
    const fields = new URLSearchParams({
      ...postFields,
      title: 'A second article',
      slug: 'a-second-article',
      content: '<p>Second.</p>',
      publishDate: '2024-02-01T09:00',
      version: '',
    });
    fields.append('categories', String(category!.id));
    await server.send('POST', '/admin/blog/new', { headers: { ...FORM, Cookie: cookie }, body: fields.toString() });
    posts = (await server.rows("select id, slug from blog_posts where status = 'published' and language = 'en' order by slug limit 2")).map(
      (row) => ({ id: String(row.id), slug: String(row.slug) }),
    );
    expect(posts).toHaveLength(2);
  }, 60_000);
  afterAll(() => server.close());

  /** Saves post `id` through the editor as the administrator, with `changes` over what it holds now. */
  async function save(id: string, changes: Record<string, string>) {
    const [row] = await server.rows(`select title, slug, content, publish_date, version from blog_posts where id = '${id}'`);
    const [category] = await server.rows(`select category_id from post_categories where post_id = '${id}' limit 1`);
    const fields = new URLSearchParams({
      title: String(row!.title),
      slug: String(row!.slug),
      content: String(row!.content),
      ...postFields,
      // The editor's Publish Date field holds the post's date (to the minute), as the browser posts it.
      publishDate: String(row!.publish_date).slice(0, 16),
      version: String(row!.version),
      ...changes,
    });
    if (category) fields.append('categories', String(category.category_id));
    const reply = await server.send('POST', `/admin/blog/${id}`, { headers: { ...FORM, Cookie: cookie }, body: fields.toString() });
    expect(reply.status, reply.body.slice(0, 300)).toBeGreaterThanOrEqual(300);
    expect(reply.status).toBeLessThan(400);
  }

  const cacheOf = async (path: string) => (await server.send('GET', path)).headers['x-cache'];

  it('an article edited in place drops its own page and the lists, and keeps the other articles', async () => {
    const [edited, other] = posts as [{ id: string; slug: string }, { id: string; slug: string }];
    invalidatePublicCache();
    const paths = [`/blog/${edited.slug}`, `/blog/${other.slug}`, '/blog', '/', '/about'];
    for (const path of paths) await server.send('GET', path);
    for (const path of paths) expect(await cacheOf(path), path).toBe('HIT');

    await save(edited.id, { content: '<p>Edited in place, seen at once.</p>' });
    const page = await server.send('GET', `/blog/${edited.slug}`);
    expect(page.headers['x-cache']).toBe('MISS');
    expect(page.body).toContain('Edited in place, seen at once.');
    expect(await cacheOf(`/blog/${other.slug}`)).toBe('HIT');
    for (const path of ['/blog', '/', '/about']) expect(await cacheOf(path), path).toBe('MISS');

    // A move (a new slug: redirects, menus, links) drops everything.
    await save(edited.id, { slug: `${edited.slug}-moved` });
    expect(await cacheOf(`/blog/${other.slug}`)).toBe('MISS');
    await save(edited.id, { slug: edited.slug });

    // A new title names the article on the pages around it (their previous and next links): everything is dropped.
    for (const path of paths) await server.send('GET', path);
    expect(await cacheOf(`/blog/${other.slug}`)).toBe('HIT');
    await save(edited.id, { title: 'A second article, retitled' });
    expect(await cacheOf(`/blog/${other.slug}`)).toBe('MISS');
  }, 60_000);

  it('renders a page once for many visitors asking for it at the same moment', async () => {
    invalidatePublicCache();
    const before = htmlCacheStats().stores;
    const answers = await Promise.all(Array.from({ length: 20 }, () => server.send('GET', '/blog')));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
    expect(htmlCacheStats().stores - before).toBe(1);
  }, 60_000);

  it('a visitor asking while a save is being rendered never gets the page from before the save', async () => {
    const [edited] = posts as [{ id: string; slug: string }];
    invalidatePublicCache();
    await server.send('GET', `/blog/${edited.slug}`);
    // A render of the old page in flight, then a save, then visitors: they must all see the save.
    const early = server.send('GET', '/blog');
    await save(edited.id, { title: 'Saved while rendering' });
    const late = await Promise.all(Array.from({ length: 5 }, () => server.send('GET', '/blog')));
    await early;
    for (const answer of late) expect(answer.body).toContain('Saved while rendering');
  }, 60_000);

  it('serves a page past the Cache TTL stale while one render refreshes it', async () => {
    invalidatePublicCache();
    const first = await server.send('GET', '/about');
    expect(first.headers['x-cache']).toBe('MISS');
    const entry = readStalePage('/about')!;
    entry.storedAt = Date.now() - htmlCacheTtlMs() - 1_000;
    const before = htmlCacheStats().stores;
    const stale = await server.send('GET', '/about');
    expect(stale.headers['x-cache']).toBe('STALE');
    expect(stale.body).toBe(first.body);
    for (let tries = 0; htmlCacheStats().stores === before && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(htmlCacheStats().stores - before).toBe(1);
    expect(await cacheOf('/about')).toBe('HIT');
  }, 60_000);
});
