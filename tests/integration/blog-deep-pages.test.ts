import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import type { DatabaseHandle } from '#app/db/dialect.server.ts';
import { clearLocalPublicCache } from '#app/services/cache/html-cache.server.ts';
import { listPublishedPosts } from '#app/services/posts/public-posts.server.ts';
import { testDialects } from '#tests/support/databases.ts';
import { insertPostRow } from '#tests/support/post-rows.ts';
import { plansOf } from '#tests/support/query-plans.ts';

/**
 * Deep /blog pages (docs/decisions/032-a-big-site.md): a page past the first thousand posts seeks to the kept start
 * before it and skips fewer than a thousand; every page must list exactly what an offset over the whole list lists.
 * 2,300 published posts, dates shared by runs of seven (so page starts fall inside ties, ordered by id), some with
 * no publish date (their last change stands in), and drafts in between.
 */
const POSTS = 2300;
const PAGE = 9;

describe.each(testDialects)('deep blog pages on $name', (dialect) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await dialect.open();
    // Older than the starter site's posts, so they come after them.
    const at = (i: number) => new Date(Date.UTC(2001, 0, 1) + Math.floor(i / 7) * 60_000).toISOString();
    const rows = Array.from({ length: POSTS }, (_, i) => i);
    for (let i = 0; i < rows.length; i += 200) {
      await Promise.all(
        rows.slice(i, i + 200).map((n) =>
          insertPostRow({
            title: `Deep ${n}`,
            slug: `deep-${n}`,
            publish_date: n % 5 === 0 ? null : at(n),
            updated_at: at(n),
            status: n % 11 === 3 ? 'draft' : 'published',
          }),
        ),
      );
    }
    clearLocalPublicCache();
  }, 120_000);
  afterAll(() => dialect.close());

  /** Page `page` as an offset over the whole published list lists it. */
  async function byOffset(page: number): Promise<string[]> {
    const rows = await getDb()
      .selectFrom('blog_posts')
      .select('id')
      .where('status', '=', 'published')
      .where('language', '=', 'en')
      .orderBy(sql`coalesce(publish_date, updated_at)`, 'desc')
      .orderBy('id')
      .limit(PAGE)
      .offset((page - 1) * PAGE)
      .execute();
    return rows.map((row) => row.id);
  }

  it('lists on every page exactly what an offset lists, across the page starts and on the last page', async () => {
    const first = await listPublishedPosts({ page: 1 });
    const published = (
      await getDb()
        .selectFrom('blog_posts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'published')
        .where('language', '=', 'en')
        .executeTakeFirstOrThrow()
    ).n;
    expect(first.total).toBe(Number(published));
    expect(first.pageCount).toBeGreaterThan(2000 / PAGE);
    for (let page = 1; page <= first.pageCount; page++) {
      const screen = await listPublishedPosts({ page });
      expect(screen.page).toBe(page);
      expect(
        screen.items.map((item) => item.id),
        `page ${page}`,
      ).toEqual(await byOffset(page));
    }
    // Past the last page: the last page.
    expect((await listPublishedPosts({ page: first.pageCount + 5 })).items.map((item) => item.id)).toEqual(await byOffset(first.pageCount));
  });

  it('a list with fallbacks (French, nothing translated: every English post) pages alike', async () => {
    const first = await listPublishedPosts({ page: 1, language: 'fr', fallbacks: true });
    for (const page of [111, 112, 113, 222, 223, first.pageCount]) {
      const screen = await listPublishedPosts({ page, language: 'fr', fallbacks: true });
      expect(
        screen.items.map((item) => item.id),
        `page ${page}`,
      ).toEqual(await byOffset(page));
    }
  });

  it('a deep page seeks in the published index', async () => {
    const plans = await plansOf(handle, () => listPublishedPosts({ page: 200 }));
    const screen = plans.find((entry) => /limit/i.test(entry.sql) && /"title"/.test(entry.sql));
    expect(screen?.sql).toMatch(/<=/);
    expect(screen?.plan).toMatch(
      dialect.name === 'sqlite'
        ? /SEARCH blog_posts USING INDEX blog_posts_language_published_date \(language=\? AND <expr><\?\)/
        : /Index Cond: \(+(language = 'en'::text\) AND \()?COALESCE\(publish_date, updated_at\) <= /,
    );
  });

  it('sees a post published since: the kept starts go with the write', async () => {
    const before = await listPublishedPosts({ page: 150 });
    await insertPostRow({ title: 'Newest', slug: 'deep-newest', publish_date: new Date().toISOString() });
    clearLocalPublicCache();
    const after = await listPublishedPosts({ page: 150 });
    expect(after.items.map((item) => item.id)).toEqual(await byOffset(150));
    expect(after.items[0]!.id).not.toBe(before.items[0]!.id);
    expect(after.total).toBe(before.total + 1);
  });
});
