// `npm run bench:scale [-- --posts N]`: the big-site bench (docs/decisions/032-a-big-site.md). On SQLite and, when
// TEST_DATABASE_URL or BENCH_DATABASE_URL is set, on PostgreSQL: seeds a small site (1,000 posts of 500 to 3,000
// words, 1,000 media items, 100 pages), measures every admin list query and public query, then grows it to N posts
// (default 1,000,000; one bulk load, as `npm run db:seed-large`), 100,000 media items and 10,000 pages and measures
// again; prints p50/p95 at both sizes, the ratio of
// the p95s, and PASS/FAIL against the 50 ms query goal. Query-level figures (the services' calls), not HTTP.
// `--dialect sqlite|postgres` runs one only. A benchmark, not a test: the plans are checked in
// tests/integration/big-site-plans.test.ts.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

import { sql } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import { listMedia } from '#app/services/media/media-library.server.ts';
import { listMessages } from '#app/services/messages/messages.server.ts';
import { listPages } from '#app/services/pages/pages.server.ts';
import { listPosts } from '#app/services/posts/posts.server.ts';
import { getPublishedPost, listPublishedPosts, listPublishedPostsForFeeds } from '#app/services/posts/public-posts.server.ts';
import { searchAdmin } from '#app/services/search/admin-search.server.ts';

import { bulkLoad } from './bulk-load.ts';
import { type Articles, RARE_WORD, seedBenchPosts } from './seed-posts.ts';
import { seedScaleRows } from './seed-scale.ts';

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const { values } = parseArgs({ options: { posts: { type: 'string' }, dialect: { type: 'string' }, runs: { type: 'string' } } });
const { testDialects } = await import('#tests/support/databases.ts');
const { makeActor } = await import('#tests/support/actors.ts');

const POSTS = Number(values.posts ?? 1_000_000);
const RUNS = Number(values.runs ?? 30);
const SMALL = { posts: 1000, media: 1000, pages: 100, messages: 1000 };
const BIG = { posts: POSTS, media: 100_000, pages: 10_000, messages: 10_000 };
const GOAL_MS = 50;
/** The posts the issue describes (issue 29): bodies of 500 to 3,000 words. */
const ARTICLES: Articles = { minWords: 500, maxWords: 3000 };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(run: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

type Cases = [string, () => Promise<unknown>][];

function cases(admin: Awaited<ReturnType<typeof makeActor>>, categoryId: string, slug: string, posts: number): Cases {
  const list = (options: Partial<Parameters<typeof listPosts>[1]>) => () =>
    listPosts(admin, { trash: false, search: '', categoryIds: [], page: 1, ...options });
  const lastBlogPage = Math.max(1, Math.floor((posts * 0.8) / 9));
  return [
    ['admin posts, first screen', list({})],
    ['admin posts, screen 500 (deepest)', list({ page: 500 })],
    ['admin posts, trash', list({ trash: true })],
    ['admin posts, Draft filter, screen 20', list({ status: 'draft', page: 20 })],
    ['admin posts, category filter', list({ categoryIds: [categoryId] })],
    [`admin posts, search rare "${RARE_WORD}"`, list({ search: RARE_WORD })],
    ['admin posts, search common "design"', list({ search: 'design' })],
    ['admin pages, first screen', () => listPages({ trash: false, search: '', page: 1 })],
    ['admin pages, screen 400', () => listPages({ trash: false, search: '', page: 400 })],
    ['admin media, first screen', () => listMedia({ page: 1 })],
    ['admin media, screen 200', () => listMedia({ page: 200 })],
    ['admin media, search "team"', () => listMedia({ search: 'team' })],
    ['admin messages, inbox', () => listMessages({ folder: 'inbox', page: 1 })],
    ['admin top bar search "design"', () => searchAdmin(admin, 'design')],
    ['public /blog', () => listPublishedPosts({ page: 1 })],
    ['public /blog?page=100', () => listPublishedPosts({ page: 100 })],
    [`public /blog?page=${lastBlogPage} (last)`, () => listPublishedPosts({ page: lastBlogPage })],
    ['public /blog?q=design', () => listPublishedPosts({ page: 1, query: 'design' })],
    ['public article', () => getPublishedPost(slug)],
    ['public rss (20 latest)', () => listPublishedPostsForFeeds(20)],
  ];
}

const chosen = testDialects.filter((dialect) => !values.dialect || dialect.name === values.dialect);
for (const dialect of chosen) {
  await dialect.open();
  try {
    const admin = await makeActor('administrator');
    const db = getDb();
    const { categoryIds } = await seedBenchPosts(db, SMALL.posts, { articles: ARTICLES });
    await seedScaleRows(db, { pages: SMALL.pages, media: SMALL.media, messages: SMALL.messages });
    await sql`analyze`.execute(db);
    const slug = (await db.selectFrom('blog_posts').select('slug').where('status', '=', 'published').executeTakeFirstOrThrow()).slug;
    const small = new Map<string, { p50: number; p95: number }>();
    for (const [name, run] of cases(admin, categoryIds[3]!, slug, SMALL.posts)) small.set(name, await measure(run));

    const seeding = performance.now();
    await bulkLoad(db, (trx) =>
      seedBenchPosts(trx, BIG.posts - SMALL.posts, { from: SMALL.posts, categoryIds, articles: ARTICLES }).then(() => undefined),
    );
    await seedScaleRows(db, {
      pages: BIG.pages - SMALL.pages,
      media: BIG.media - SMALL.media,
      messages: BIG.messages - SMALL.messages,
      from: SMALL.media,
    });
    await sql`analyze`.execute(db);
    const seconds = (performance.now() - seeding) / 1000;
    console.log(`\n${dialect.name}: grew to ${BIG.posts} posts, ${BIG.media} media, ${BIG.pages} pages in ${seconds.toFixed(0)} s`);

    const bigCases = cases(admin, categoryIds[3]!, slug, BIG.posts);
    console.log(
      `${'query'.padEnd(44)}${'1k p50'.padStart(8)}${'1k p95'.padStart(8)}${'N p50'.padStart(8)}${'N p95'.padStart(8)}${'ratio'.padStart(7)}  goal`,
    );
    for (const [index, [name, run]] of bigCases.entries()) {
      const before = small.get(cases(admin, categoryIds[3]!, slug, SMALL.posts)[index]![0])!;
      const after = await measure(run);
      const ratio = after.p95 / Math.max(before.p95, 0.01);
      console.log(
        `${name.padEnd(44)}${before.p50.toFixed(1).padStart(8)}${before.p95.toFixed(1).padStart(8)}${after.p50.toFixed(1).padStart(8)}${after.p95.toFixed(1).padStart(8)}${ratio.toFixed(1).padStart(7)}  ${after.p95 <= GOAL_MS ? 'PASS' : 'FAIL'}`,
      );
    }
  } finally {
    await dialect.close();
  }
}
