// `npm run bench:scale [-- --posts N]`: the big-site bench (docs/decisions/032-a-big-site.md, issue 29). On SQLite
// and, when TEST_DATABASE_URL or BENCH_DATABASE_URL is set, on PostgreSQL: seeds a small site (1,000 posts of 500 to
// 3,000 words, 1,000 media items, 100 pages), measures, then grows it to N posts (default 1,000,000; one bulk load,
// as `npm run db:seed-large`), 100,000 media items and 10,000 pages and measures again. Measured at both sizes,
// p50/p95/p99 side by side with the ratio of the p95s: every admin list query and public query (the services' calls),
// the whole HTTP answers of the admin screens and of the public URLs (a server process on the same database,
// tests/bench/scale-http.ts), the writes (save, publish, trash, scale-writes.ts), and a server's peak memory while a
// crawler reads the whole sitemap; then PASS/FAIL per goal. `--dialect sqlite|postgres` runs one only. Needs a build
// (npm run build). A benchmark, not a test: the plans are checked in tests/integration/big-site-plans.test.ts.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

import { getDb } from '#app/db/client.server.ts';
import { slugify } from '#app/lib/slug.ts';
import { listMedia } from '#app/services/media/media-library.server.ts';
import { listMessages } from '#app/services/messages/messages.server.ts';
import { listPages } from '#app/services/pages/pages.server.ts';
import { listArchive } from '#app/services/posts/archives.server.ts';
import { listPosts } from '#app/services/posts/posts.server.ts';
import { getPublishedPost, listPublishedPosts, listPublishedPostsForFeeds } from '#app/services/posts/public-posts.server.ts';
import { searchAdmin } from '#app/services/search/admin-search.server.ts';

import { growSite } from './grow-site.ts';
import { crawlSitemap, ensureBenchAdmin, timeOverHttp } from './scale-http.ts';
import { timeWrites } from './scale-writes.ts';
import { type Articles, RARE_WORD } from './seed-posts.ts';
import { timed, type Timing } from './timing.ts';

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const { values } = parseArgs({ options: { posts: { type: 'string' }, dialect: { type: 'string' }, runs: { type: 'string' } } });
const { testDialects } = await import('#tests/support/databases.ts');
const { makeActor } = await import('#tests/support/actors.ts');

const POSTS = Number(values.posts ?? 1_000_000);
const RUNS = Number(values.runs ?? 30);
const SMALL = { posts: 1000, media: 1000, pages: 100, messages: 1000 };
const BIG = { posts: POSTS, media: 100_000, pages: 10_000, messages: 10_000 };
const GOAL_MS = 50;
/** Whole admin answers over HTTP: p95 under this. */
const ANSWER_GOAL_MS = 100;
/** Public pages and writes cost the same at N as at 1,000 posts: p95 within 20 % (or 2 ms, below which it is noise). */
const SAME_RATIO = 1.2;
const SAME_SLACK_MS = 2;
const SITEMAP_GOAL_MB = 300;
const SEEDING_GOAL_S = 15 * 60;
/** The posts the issue describes (issue 29): bodies of 500 to 3,000 words. */
const ARTICLES: Articles = { minWords: 500, maxWords: 3000 };

const measure = (run: () => Promise<unknown>) => timed(run, RUNS);

type Cases = [string, () => Promise<unknown>][];
type Admin = Awaited<ReturnType<typeof makeActor>>;

function cases(admin: Admin, categoryId: string, slug: string, posts: number): Cases {
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
    ['admin media, first screen with "used in"', () => listMedia({ page: 1 }, { withUsedIn: true })],
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

/** The admin screens and public URLs timed over HTTP, by a label that is the same at both sizes. */
async function httpUrls(categoryId: string, slug: string) {
  const db = getDb();
  const category = await db.selectFrom('categories').select('name').where('id', '=', categoryId).executeTakeFirstOrThrow();
  const categorySlug = slugify(category.name);
  const lastBlogPage = (await listPublishedPosts({ page: 1 })).pageCount;
  const archivePages = (await listArchive({ kind: 'category', slug: categorySlug, page: 1 }))?.pageCount ?? 1;
  const admin: [string, string][] = [
    ['admin posts, first screen', '/admin/blog'],
    ['admin posts, screen 500', '/admin/blog?page=500'],
    ['admin posts, trash', '/admin/blog/trash'],
    ['admin posts, Draft filter, screen 20', '/admin/blog?status=draft&page=20'],
    ['admin posts, category filter', `/admin/blog?category=${categoryId}`],
    [`admin posts, search "${RARE_WORD}"`, `/admin/blog?q=${RARE_WORD}`],
    ['admin posts, search "design"', '/admin/blog?q=design'],
    ['admin pages, first screen', '/admin/pages'],
    ['admin pages, screen 400', '/admin/pages?page=400'],
    ['admin media, first screen', '/admin/media'],
    ['admin media, screen 200', '/admin/media?page=200'],
    ['admin media, search "team"', '/admin/media?q=team'],
    ['admin messages', '/admin/messages'],
    ['admin top bar search "design"', '/admin/search?q=design'],
  ];
  const pages: [string, string][] = [
    ['/ (home)', '/'],
    ['/blog', '/blog'],
    ['/blog?page=100', `/blog?page=${Math.min(100, lastBlogPage)}`],
    ['/blog, last page', `/blog?page=${lastBlogPage}`],
    ['/blog?q=design', '/blog?q=design'],
    ['category archive', `/blog/category/${categorySlug}`],
    ['category archive, page 50', `/blog/category/${categorySlug}?page=${Math.min(50, archivePages)}`],
    ['tag archive (#javascript, one post)', '/blog/tag/javascript'],
    ['article (previous and next)', `/blog/${slug}`],
    ['/rss.xml', '/rss.xml'],
    ['/sitemap.xml (index)', '/sitemap.xml'],
  ];
  return { admin, pages };
}

/** Everything measured at one size of the site, each list in the same order at both sizes. */
async function measureAt(size: number, context: { admin: Admin; categoryId: string; slug: string; url: string }) {
  const step = (what: string) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${size} posts: ${what}`);
  step('queries');
  const queries: [string, Timing][] = [];
  for (const [name, run] of cases(context.admin, context.categoryId, context.slug, size)) queries.push([name, await measure(run)]);
  step('admin screens and public URLs over HTTP');
  const urls = await httpUrls(context.categoryId, context.slug);
  const answered = await timeOverHttp(
    context.url,
    { admin: urls.admin.map(([, url]) => url), public: urls.pages.map(([, url]) => url) },
    RUNS,
  );
  const answer = ([label, url]: [string, string]): [string, Timing] => [label, answered.get(`GET ${url}`)!];
  step('writes');
  const writes = [...(await timeWrites(context.admin, context.categoryId, RUNS, String(size))).entries()];
  step('a crawler reading the sitemap');
  const sitemap = await crawlSitemap(context.url);
  return { queries, admin: urls.admin.map(answer), pages: urls.pages.map(answer), writes, sitemap };
}
type Measured = Awaited<ReturnType<typeof measureAt>>;

const ms = (value: number) => value.toFixed(1).padStart(8);
const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
const sameCost = (before: Timing, after: Timing) => after.p95 <= before.p95 * SAME_RATIO || after.p95 - before.p95 <= SAME_SLACK_MS;

/** One table: each row's p50/p95/p99 at 1,000 posts and at N, the ratio of the p95s, and its goal's verdict. */
function table(title: string, small: [string, Timing][], big: [string, Timing][], goal: (before: Timing, after: Timing) => boolean) {
  console.log(`\n${title}`);
  console.log(
    `${''.padEnd(44)}${'1k p50'.padStart(8)}${'1k p95'.padStart(8)}${'1k p99'.padStart(8)}${'N p50'.padStart(8)}${'N p95'.padStart(8)}${'N p99'.padStart(8)}${'ratio'.padStart(7)}  goal`,
  );
  let passed = 0;
  for (const [index, [name, after]] of big.entries()) {
    const before = small[index]![1];
    const pass = goal(before, after);
    if (pass) passed++;
    console.log(
      `${name.slice(0, 43).padEnd(44)}${ms(before.p50)}${ms(before.p95)}${ms(before.p99)}${ms(after.p50)}${ms(after.p95)}${ms(after.p99)}${(after.p95 / Math.max(before.p95, 0.01)).toFixed(1).padStart(7)}  ${verdict(pass)}`,
    );
  }
  return { passed, total: big.length };
}

function report(name: string, small: Measured, big: Measured, seedingSeconds: number) {
  const goals: [string, string, boolean][] = [];
  const queries = table(
    `${name}: queries (services' calls), goal p95 ≤ ${GOAL_MS} ms at N`,
    small.queries,
    big.queries,
    (_, after) => after.p95 <= GOAL_MS,
  );
  goals.push([`queries p95 ≤ ${GOAL_MS} ms`, `${queries.passed}/${queries.total}`, queries.passed === queries.total]);
  const admin = table(
    `${name}: admin screens over HTTP (whole answer), goal p95 ≤ ${ANSWER_GOAL_MS} ms at N`,
    small.admin,
    big.admin,
    (_, after) => after.p95 <= ANSWER_GOAL_MS,
  );
  goals.push([`admin answers p95 ≤ ${ANSWER_GOAL_MS} ms`, `${admin.passed}/${admin.total}`, admin.passed === admin.total]);
  const same = `p95 within ${Math.round((SAME_RATIO - 1) * 100)} % (or ${SAME_SLACK_MS} ms) of 1k`;
  const pages = table(`${name}: public URLs over HTTP (rendered, the page store bypassed), goal ${same}`, small.pages, big.pages, sameCost);
  goals.push([`public answers ${same}`, `${pages.passed}/${pages.total}`, pages.passed === pages.total]);
  const writes = table(`${name}: writes (services, cache invalidation included), goal ${same}`, small.writes, big.writes, sameCost);
  goals.push([`writes ${same}`, `${writes.passed}/${writes.total}`, writes.passed === writes.total]);
  console.log(`\n${name}: a crawler reads the sitemap index and every file it lists, from a fresh server process:`);
  for (const [label, crawl] of [
    ['1k', small.sitemap],
    ['N', big.sitemap],
  ] as const) {
    console.log(
      `  ${label}: ${crawl.files} files, ${crawl.urls} URLs; peak RSS ${crawl.startMb.toFixed(0)} MB at start, ${crawl.peakMb.toFixed(0)} MB after`,
    );
  }
  goals.push([
    `sitemap crawl peak RSS < ${SITEMAP_GOAL_MB} MB`,
    `${big.sitemap.peakMb.toFixed(0)} MB`,
    big.sitemap.peakMb < SITEMAP_GOAL_MB,
  ]);
  goals.push([`growing to N in < ${SEEDING_GOAL_S / 60} min`, `${seedingSeconds.toFixed(0)} s`, seedingSeconds < SEEDING_GOAL_S]);
  console.log(`\n${name}: goals at ${BIG.posts} posts`);
  for (const [goal, value, pass] of goals) console.log(`  ${goal.padEnd(52)}${value.padEnd(14)}${verdict(pass)}`);
}

const chosen = testDialects.filter((dialect) => !values.dialect || dialect.name === values.dialect);
for (const dialect of chosen) {
  const handle = await dialect.open();
  try {
    const admin = await makeActor('administrator');
    await ensureBenchAdmin();
    const db = getDb();
    // Both sizes are grown as `npm run db:seed-large` grows a site, so the time to grow is the seeding the goal names.
    await growSite(db, { posts: 0, media: 0, pages: 0, messages: 0 }, SMALL, { articles: ARTICLES });
    const categoryIds = (await db.selectFrom('categories').select('id').orderBy('created_at').orderBy('name').execute()).map(
      (row) => row.id,
    );
    const slug = (await db.selectFrom('blog_posts').select('slug').where('status', '=', 'published').executeTakeFirstOrThrow()).slug;
    const context = { admin, categoryId: categoryIds[3]!, slug, url: handle.url };
    const small = await measureAt(SMALL.posts, context);

    const seeding = performance.now();
    await growSite(db, SMALL, BIG, { articles: ARTICLES, categoryIds });
    const seconds = (performance.now() - seeding) / 1000;
    console.log(`\n${dialect.name}: grew to ${BIG.posts} posts, ${BIG.media} media, ${BIG.pages} pages in ${seconds.toFixed(0)} s`);

    report(dialect.name, small, await measureAt(BIG.posts, context), seconds);
  } finally {
    await dialect.close();
  }
}
