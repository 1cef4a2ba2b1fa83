import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { newId } from '#app/lib/ids.ts';
import type { SitemapEntry } from '#app/lib/sitemap-xml.ts';
import { loader as indexLoader } from '#app/routes/resources/sitemap.ts';
import { loader as postsLoader } from '#app/routes/resources/sitemap-posts.ts';
import { clearLocalPublicCache } from '#app/services/cache/html-cache.server.ts';
import { pagesSitemapEntries, postsSitemapEntries, postsSitemapFileCount } from '#app/services/sitemap/sitemap.server.ts';
import { testDialects } from '#tests/support/databases.ts';
import { insertPostRow } from '#tests/support/post-rows.ts';

/** A post row with its language; `group` ties translations together. */
function insertPost(slug: string, options: { status?: 'published' | 'draft' | 'trash'; language?: string; group?: string } = {}) {
  const id = newId();
  return insertPostRow({
    id,
    title: slug,
    slug,
    excerpt: 'Excerpt',
    status: options.status ?? 'published',
    publish_date: new Date().toISOString(),
    language: options.language ?? 'en',
    translation_group: options.group ?? id,
  });
}

async function entriesOf(file: number, limit: number): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [];
  for await (const batch of postsSitemapEntries(file, 'en', limit)) entries.push(...batch);
  return entries;
}

describe.each(testDialects)('the sitemap index on $name', (dialect) => {
  let published: string[];

  beforeAll(async () => {
    await dialect.open();
    const group = await insertPost('map-source');
    await insertPost('map-source-fr', { language: 'fr', group });
    for (const slug of ['map-a', 'map-b', 'map-c', 'map-d']) await insertPost(slug);
    await insertPost('map-draft', { status: 'draft' });
    await insertPost('map-trashed', { status: 'trash' });
    clearLocalPublicCache();
    const rows = await getDb().selectFrom('blog_posts').select(['slug', 'language']).where('status', '=', 'published').execute();
    published = rows.map((row) => (row.language === 'en' ? `/blog/${row.slug}` : `/${row.language}/blog/${row.slug}`));
  });
  afterAll(() => dialect.close());

  it('splits the published posts into files of at most the limit, each post in exactly one file, drafts and trash in none', async () => {
    const limit = 3;
    const files = await postsSitemapFileCount(limit);
    expect(files).toBe(Math.ceil(published.length / limit));
    const seen: string[] = [];
    for (let file = 1; file <= files; file++) {
      const entries = await entriesOf(file, limit);
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.length).toBeLessThanOrEqual(limit);
      seen.push(...entries.map((entry) => entry.loc));
    }
    expect(seen.sort()).toEqual([...published].sort());
    expect(seen.some((loc) => loc.includes('map-draft') || loc.includes('map-trashed'))).toBe(false);
    expect(await entriesOf(files + 1, limit)).toEqual([]);
  });

  it("gives a translated post's entries each other as alternates, with x-default on the English one", async () => {
    const entries = [...(await entriesOf(1, 50_000))];
    const english = entries.find((entry) => entry.loc === '/blog/map-source')!;
    const french = entries.find((entry) => entry.loc === '/fr/blog/map-source-fr')!;
    const expected = [
      ['en', '/blog/map-source'],
      ['fr', '/fr/blog/map-source-fr'],
      ['x-default', '/blog/map-source'],
    ];
    expect(english.alternates).toEqual(expected);
    expect(french.alternates).toEqual(expected);
    // An untranslated post names only itself.
    expect(entries.find((entry) => entry.loc === '/blog/map-a')!.alternates).toEqual([
      ['en', '/blog/map-a'],
      ['x-default', '/blog/map-a'],
    ]);
  });

  it('gives pages written without a translation group each their own entry, not one group of them all', async () => {
    const now = new Date().toISOString();
    const page = (slug: string) => ({
      id: newId(),
      title: slug,
      slug,
      content: 'Body',
      status: 'published' as const,
      meta_description: '',
      meta_keywords: '',
      og_image: null,
      publish_date: now,
      version: 1,
      created_at: now,
      updated_at: now,
    });
    // As rows written by SQL or an older import have them: no translation_group (the column's default).
    await getDb()
      .insertInto('pages')
      .values([page('grouped-nowhere-1'), page('grouped-nowhere-2'), page('grouped-nowhere-3')])
      .execute();
    const entries = (await pagesSitemapEntries('en')).filter((entry) => entry.loc.startsWith('/grouped-nowhere-'));
    expect(entries).toHaveLength(3);
    for (const entry of entries)
      expect(entry.alternates).toEqual([
        ['en', entry.loc],
        ['x-default', entry.loc],
      ]);
  });

  it('answers the index and a streamed posts file; a file past the end is a 404', async () => {
    const index = await (await indexLoader()).text();
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index).toMatch(/<sitemap><loc>https?:\/\/[^<]+\/sitemaps\/pages\.xml<\/loc><\/sitemap>/);
    expect(index).toMatch(/<sitemap><loc>https?:\/\/[^<]+\/sitemaps\/posts-1\.xml<\/loc><\/sitemap>/);
    expect(index).not.toContain('posts-2.xml');

    const call = (file: string) => postsLoader({ params: { file } } as unknown as Parameters<typeof postsLoader>[0]);
    const answer = await call('posts-1.xml');
    expect(answer.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    const xml = await answer.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
    expect(xml.match(/<url>/g)).toHaveLength(published.length);
    for (const file of ['posts-2.xml', 'posts-0.xml', 'pages-1.xml', 'posts-1.xml.gz']) {
      await expect(call(file)).rejects.toMatchObject({ init: { status: 404 } });
    }
  });
});
