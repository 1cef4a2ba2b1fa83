import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb, setDatabase } from '#app/db/client.server.ts';
import type { DatabaseHandle } from '#app/db/dialect.server.ts';
import { listCommentsForModeration } from '#app/services/comments/comment-queries.server.ts';
import { findImagesByUrl } from '#app/services/media/media-by-url.server.ts';
import { listMedia } from '#app/services/media/media-library.server.ts';
import { refreshMediaUsage } from '#app/services/media/media-usage.server.ts';
import { listMessages } from '#app/services/messages/messages.server.ts';
import { listPages } from '#app/services/pages/pages.server.ts';
import { getPublishedPage } from '#app/services/pages/public-pages.server.ts';
import { adjacentPosts } from '#app/services/posts/adjacent-posts.server.ts';
import { listArchive } from '#app/services/posts/archives.server.ts';
import { listPosts } from '#app/services/posts/posts.server.ts';
import { getPublishedPost, listPublishedPosts, listPublishedPostsForFeeds } from '#app/services/posts/public-posts.server.ts';
import { listUsers } from '#app/services/users/users.server.ts';
import { RARE_WORD, seedBenchPosts } from '#tests/bench/seed-posts.ts';
import { seedScaleRows } from '#tests/bench/seed-scale.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { plansOf } from '#tests/support/query-plans.ts';

/**
 * The short version of `npm run bench:scale` (docs/decisions/032-a-big-site.md): on 20,000 posts, 2,000 media items
 * and 500 pages, every admin list and public query is served by an index: no full scan of a content table, and no
 * sort of the whole table for a list in its own order (a deep page walks the index). A missing index fails here.
 * No timings are asserted.
 */
const POSTS = 20_000;
const BIG_TABLES = ['blog_posts', 'pages', 'media', 'messages', 'users', 'comments', 'post_categories'];

describe.each(testDialects)('query plans of a big site on $name', (dialect) => {
  let handle: DatabaseHandle;
  let admin: Awaited<ReturnType<typeof makeActor>>;
  let categoryId: string;

  beforeAll(async () => {
    handle = await dialect.open();
    admin = await makeActor('administrator');
    const { categoryIds } = await seedBenchPosts(getDb(), POSTS, { paragraphWords: 8 });
    categoryId = categoryIds[3]!;
    await seedScaleRows(getDb(), { pages: 500, media: 2000, messages: 2000 });
    await sql`analyze`.execute(getDb());
  }, 240_000);
  afterAll(() => dialect.close());

  /** The plans of everything `work` asked the database, checked; returns them for more checks. */
  async function served(work: () => Promise<unknown>, options: { sorted?: boolean } = {}) {
    const plans = await plansOf(handle, work);
    expect(plans.length).toBeGreaterThan(0);
    for (const { sql: text, plan } of plans) {
      const context = `${text}\n${plan}`;
      for (const table of BIG_TABLES) {
        if (dialect.name === 'sqlite') expect(plan, context).not.toMatch(new RegExp(`SCAN ${table}(?! USING)(\\s|$)`, 'm'));
        else expect(plan, context).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
      }
      // A screen of a list (ordered, limited) comes in index order; small lookups (a screen's categories) may sort.
      const screen = /order by/i.test(text) && /limit/i.test(text);
      if (screen && !options.sorted) expect(plan, context).not.toMatch(dialect.name === 'sqlite' ? /TEMP B-TREE FOR ORDER BY/ : /\bSort\b/);
    }
    return plans;
  }

  it('admin lists: first screen, a deep screen, the trash, status and category filters', async () => {
    const list = (options: Partial<Parameters<typeof listPosts>[1]>) =>
      listPosts(admin, { trash: false, search: '', categoryIds: [], page: 1, ...options });
    await served(() => list({}));
    await served(() => list({ page: 500 }));
    await served(() => list({ trash: true }));
    await served(() => list({ trash: true, page: 40 }));
    await served(() => list({ status: 'draft', page: 50 }));
    // A category's posts: the list walked in its order, a probe of post_categories per post (no sort).
    await served(() => list({ categoryIds: [categoryId] }));
    await served(() => list({ categoryIds: [categoryId], page: 10 }));
    await served(() => listPages({ trash: false, search: '', page: 20 }));
    await served(() => listMedia({ page: 30 }));
    await served(() => listMedia({ type: 'image', page: 20 }));
    await served(() => listMessages({ folder: 'inbox', page: 80 }));
    await served(() => listUsers({ q: '', page: 1 } as Parameters<typeof listUsers>[0]));
    await served(() => listCommentsForModeration({ status: 'pending', q: '', postId: '', page: 1 }));
  });

  it('a word in most posts is searched among a bounded number of the newest matches', async () => {
    // "design" is in about half of the seeded posts: the common case.
    const plans = await served(() => listPosts(admin, { trash: false, search: 'design', categoryIds: [], page: 1 }), { sorted: true });
    const text = plans.map((entry) => `${entry.sql}\n${entry.plan}`).join('\n');
    if (dialect.name === 'sqlite') {
      // The FTS index walked newest first (its rowid order), stopped by a limit; the prefix named as words.
      expect(text).toMatch(/SCAN fts VIRTUAL TABLE/);
      expect(text).toMatch(/order by fts\.rowid desc limit/i);
      // Walked once each (all matches, title matches): the list's count and screen take the ids they found.
      expect(plans.filter((entry) => /\bmatch\b/i.test(entry.sql))).toHaveLength(2);
    } else {
      // The newest matches of all the words (not the title's): either the list's index walked newest first, each
      // row's stored words tested, stopped by a limit, or the GIN index's matches and a sort, as worthWalking decides
      // from the planner's estimate (a word in about half of these 20,000 posts is near its line). Each checked in
      // that query's own plan.
      const query = plans.find((entry) => /search_vector" @@/.test(entry.sql) && /\blimit\b/i.test(entry.sql))!;
      expect(query, text).toBeDefined();
      if (/= any\(array\(/i.test(query.sql)) expect(query.plan).toMatch(/Bitmap Index Scan on blog_posts_search_words/);
      else expect(query.plan).toMatch(/Limit[\s\S]*Index (Only )?Scan Backward using blog_posts_\w+[\s\S]*Filter: \(+search_vector @@/);
    }
    // The walks read every match they found among the list's rows: that is the count, not read again.
    expect(plans.filter((entry) => /\bcount\(/i.test(entry.sql))).toEqual([]);
    const publicPlans = await served(() => listPublishedPosts({ page: 1, query: 'design' }), { sorted: true });
    expect(publicPlans.filter((entry) => /\bcount\(/i.test(entry.sql))).toEqual([]);
    const screen = await listPosts(admin, { trash: false, search: 'design', categoryIds: [], page: 1 });
    expect(screen).toMatchObject({ total: 500, more: true });
    // Title matches first.
    const titled = screen.items.map((item) => /\bdesign/i.test(item.title));
    expect(titled[0]).toBe(true);
    expect(titled.slice(titled.indexOf(false) === -1 ? titled.length : titled.indexOf(false)).every((hit) => !hit)).toBe(true);
    const blog = await listPublishedPosts({ page: 1, query: 'design' });
    expect(blog).toMatchObject({ total: 500, more: true });
    // A screen is a slice of the matches the search put in order: screen after screen, title matches first, then
    // newest first, nothing twice.
    const screens = [1, 2, 3, 4].map((page) => listPosts(admin, { trash: false, search: 'design', categoryIds: [], page }));
    const rows = (await Promise.all(screens)).flatMap((found) => found.items);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    const key = (row: { title: string; updated_at: string; id: string }): [number, string, string] => [
      /\bdesign/i.test(row.title) ? 0 : 1,
      row.updated_at,
      row.id,
    ];
    for (const [index, row] of rows.entries()) {
      if (!index) continue;
      const [titleBefore, dateBefore, idBefore] = key(rows[index - 1]!);
      const [title, date, id] = key(row);
      expect(titleBefore <= title, `${index}`).toBe(true);
      if (titleBefore === title) expect(dateBefore > date || (dateBefore === date && idBefore > id), `${index}`).toBe(true);
    }
    const blogRows = (await Promise.all([1, 2, 3].map((page) => listPublishedPosts({ page, query: 'design' })))).flatMap(
      (found) => found.items,
    );
    expect(new Set(blogRows.map((row) => row.id)).size).toBe(27);
    for (const [index, row] of blogRows.entries()) {
      if (!index) continue;
      const before = blogRows[index - 1]!;
      const [titleBefore, title] = [before, row].map((entry) => (/\bdesign/i.test(entry.title) ? 0 : 1));
      expect(titleBefore! <= title!, `${index}`).toBe(true);
      if (titleBefore === title) expect(before.date > row.date || (before.date === row.date && before.id < row.id), `${index}`).toBe(true);
    }
  });

  it('searches go through the full-text index', async () => {
    const plans = await served(() => listPosts(admin, { trash: false, search: RARE_WORD, categoryIds: [], page: 1 }), { sorted: true });
    const text = plans.map((entry) => entry.plan).join('\n');
    // PostgreSQL: the GIN index on the stored words, or (sorts being discouraged here) the list's index walked newest first.
    expect(text).toMatch(
      dialect.name === 'sqlite' ? /SCAN fts VIRTUAL TABLE/ : /blog_posts_search_words|Index Scan Backward using blog_posts_live_list/,
    );
    if (dialect.name === 'postgres') {
      // A rare word: the planner's own choice is the GIN index on the stored words (migration 0260), then a sort of
      // its few matches, for the bounded search as for the list.
      const rare = await plansOf(handle, () => listPosts(admin, { trash: false, search: RARE_WORD, categoryIds: [], page: 1 }), {
        asPlanned: true,
      });
      const bounded = rare
        .filter((entry) => /limit/i.test(entry.sql))
        .map((entry) => entry.plan)
        .join('\n');
      expect(bounded).toMatch(/Bitmap Index Scan on blog_posts_search_words/);
      for (const { plan } of rare) expect(plan).not.toMatch(/Seq Scan on blog_posts\b/);
    }
    await served(() => listPages({ trash: false, search: 'services', page: 1 }), { sorted: true });
    await served(() => listMedia({ search: 'team' }), { sorted: true });
    if (dialect.name === 'postgres') {
      // "team" is in one media item in seven: the library's index walked newest first, each item's few words tested,
      // stops at 501 matches; the planner's own choice (the GIN index and a sort of every match) is switched off.
      const settings: string[] = [];
      const recorder: KyselyPlugin = {
        transformQuery: (args) => {
          if (args.node.kind === 'RawNode') settings.push(args.node.sqlFragments.join(''));
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      setDatabase({ ...handle, db: handle.db.withPlugin(recorder) });
      try {
        // Fewer than 501 matches: the walk reads to the end, and the count is exact.
        const all = await sql<{ count: string }>`select count(*) from media where search_vector @@ to_tsquery('simple', 'team:*')`.execute(
          handle.db,
        );
        expect(await listMedia({ search: 'team' })).toMatchObject({ total: Number(all.rows[0]!.count), more: false });
      } finally {
        setDatabase(handle);
      }
      expect(settings.join('\n')).toMatch(/set local enable_bitmapscan = off; set local enable_sort = off/);
    }
    await served(() => listPublishedPosts({ page: 1, query: RARE_WORD }), { sorted: true });
  });

  it('public: the blog and its deep pages, an article, the feed', async () => {
    await served(() => listPublishedPosts({ page: 1 }));
    // A deep page: a seek to the kept page start before it (the published index's date bounds the range).
    const deep = await served(() => listPublishedPosts({ page: 1500 }));
    const screen = deep.find((entry) => /limit/i.test(entry.sql) && /"title"/.test(entry.sql));
    expect(screen?.plan).toMatch(
      dialect.name === 'sqlite'
        ? /SEARCH blog_posts USING INDEX \w+ \(.*<expr><\?\)/
        : /Index Cond: .*COALESCE\(publish_date, updated_at\) <= /,
    );
    await served(() => listPublishedPostsForFeeds(20));
    const slug = (await getDb().selectFrom('blog_posts').select('slug').where('status', '=', 'published').executeTakeFirstOrThrow()).slug;
    await served(() => getPublishedPost(slug));
    await served(() => getPublishedPage('scale-page-1'));
  });

  it('public: a category’s archive, its first and a deep screen, without a walk or a scan', async () => {
    const category = await getDb().selectFrom('categories').select('name').where('id', '=', categoryId).executeTakeFirstOrThrow();
    const slug = category.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    // A category of a few thousand posts is read from its links, by id, and only those are sorted.
    const first = await served(() => listArchive({ kind: 'category', slug, page: 1 }), { sorted: true });
    expect(first.length).toBeGreaterThan(0);
    await served(() => listArchive({ kind: 'category', slug, page: 100 }), { sorted: true });
  });

  it('public: an article’s previous and next articles are seeks, not walks', async () => {
    const slug = (await getDb().selectFrom('blog_posts').select('slug').where('status', '=', 'published').executeTakeFirstOrThrow()).slug;
    const post = (await getPublishedPost(slug))!;
    await served(() => adjacentPosts(post));
  });

  it('public: a rare tag’s archive looks its few posts up by id instead of walking the blog’s date index', async () => {
    const plans = await served(() => listArchive({ kind: 'tag', slug: 'javascript', page: 1 }), { sorted: true });
    for (const { sql: text, plan } of plans) expect(plan, text).not.toMatch(/SCAN blog_posts|published_date/);
  });

  it('media found by address (a screen’s featured images, the media a save names) is a lookup, not a scan of the library', async () => {
    // Every blog screen, archive and article looks its featured images up by URL, and every save of a post or page
    // the media its text names: a scan of 100,000 items made a one-post tag archive 20 ms slower (migration 0280).
    const urls = (await getDb().selectFrom('media').select('url').orderBy('created_at', 'desc').limit(3).execute()).map((row) => row.url);
    const plans = await served(() => findImagesByUrl([...urls, '/media/seed/hero-photo.jpg']));
    expect(plans.map((entry) => entry.plan).join('\n')).toMatch(dialect.name === 'sqlite' ? /USING INDEX media_url/ : /media_url/);
    const post = await getDb().selectFrom('blog_posts').select('id').where('status', '=', 'published').executeTakeFirstOrThrow();
    await getDb()
      .updateTable('blog_posts')
      .set({ content: 'A photo: ![Hero](/media/seed/hero-photo.jpg)', featured_image: '/media/seed/company-logo.svg' })
      .where('id', '=', post.id)
      .execute();
    const saved = await served(() => refreshMediaUsage(getDb(), { kind: 'post', id: post.id }));
    expect(saved.some((entry) => /from "media"/.test(entry.sql))).toBe(true);
    const used = await getDb().selectFrom('media_usage').select('place').where('ref_id', '=', post.id).execute();
    expect(used.map((row) => row.place).sort()).toEqual(['content', 'featured_image']);
  });
});
