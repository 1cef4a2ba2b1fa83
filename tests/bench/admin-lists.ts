// `npm run bench:admin`: seeds 50,000 blog posts and prints p50/p95 of the admin list queries
// (first screen, a search, a category filter) on SQLite and, when TEST_DATABASE_URL or
// BENCH_DATABASE_URL is set, on PostgreSQL. Goal: p95 under 50 ms.
import { performance } from 'node:perf_hooks';

import { sql } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import { listPosts } from '#app/services/posts/posts.server.ts';

import { RARE_WORD, seedBenchPosts } from './seed-posts.ts';
import { timed } from './timing.ts';

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const { testDialects } = await import('#tests/support/databases.ts');

const POSTS = Number(process.env.BENCH_POSTS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const GOAL_MS = 50;
const admin = {
  id: 'bench',
  name: 'Bench',
  role: { id: 'administrator', permissions: ['access_admin', 'manage_posts', 'publish_posts', 'delete_posts'] },
};

const measure = (run: () => Promise<unknown>) => timed(run, RUNS);

const rows: { dialect: string; query: string; p50: number; p95: number; total: number }[] = [];
for (const dialect of testDialects) {
  await dialect.open();
  try {
    const seeding = performance.now();
    const { categoryIds } = await seedBenchPosts(getDb(), POSTS);
    await sql`analyze`.execute(getDb());
    console.log(`${dialect.name}: seeded ${POSTS} posts in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const [first, second] = [categoryIds[0]!, categoryIds[7]!];
    const cases: [string, Parameters<typeof listPosts>[1]][] = [
      ['list, first screen', { trash: false, search: '', categoryIds: [], page: 1 }],
      ['list, screen 500', { trash: false, search: '', categoryIds: [], page: 500 }],
      ['trash, first screen', { trash: true, search: '', categoryIds: [], page: 1 }],
      ['search, common word "design"', { trash: false, search: 'design', categoryIds: [], page: 1 }],
      [`search, rare word "${RARE_WORD}"`, { trash: false, search: RARE_WORD, categoryIds: [], page: 1 }],
      ['search, 2 letters "ka"', { trash: false, search: 'ka', categoryIds: [], page: 1 }],
      ['category filter, 1 category', { trash: false, search: '', categoryIds: [first], page: 1 }],
      ['category filter, 2 categories', { trash: false, search: '', categoryIds: [first, second], page: 1 }],
      ['search + category', { trash: false, search: 'design', categoryIds: [first], page: 1 }],
    ];
    for (const [query, options] of cases) {
      const result = await listPosts(admin, options);
      const timing = await measure(() => listPosts(admin, options));
      rows.push({ dialect: dialect.name, query, ...timing, total: result.total });
    }
  } finally {
    await dialect.close();
  }
}

console.log(`\n${POSTS} posts, ${RUNS} runs per query (each run = count + one screen of 20)\n`);
console.log(`${'dialect'.padEnd(9)}${'query'.padEnd(34)}${'matches'.padStart(8)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}`);
for (const row of rows) {
  const flag = row.p95 > GOAL_MS ? '  over goal' : '';
  console.log(
    `${row.dialect.padEnd(9)}${row.query.padEnd(34)}${String(row.total).padStart(8)}${row.p50.toFixed(1).padStart(9)}${row.p95.toFixed(1).padStart(9)}${flag}`,
  );
}
