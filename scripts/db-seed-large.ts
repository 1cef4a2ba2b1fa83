// npm run db:seed-large [-- --posts N --media N --pages N]: grows the configured database (DATABASE_URL, else
// DATA_DIR/atelier.sqlite) into a big site for measuring (docs/decisions/032-a-big-site.md): media items and pages,
// then N posts (default 1,000,000) from a fixed random seed: titles from templates, bodies of 500 to 3,000 words,
// 1 to 3 of 25 categories, tags, and a featured image for about two in three. The posts go in as one bulk load
// (tests/bench/bulk-load.ts: indexes and, on SQLite, the full-text index built after the rows). Migrates and seeds
// the starter site first when the database is empty; adds to what a previous run left.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

import { migrateToLatest } from '#app/db/migrate.server.ts';
import { seedDatabase } from '#app/services/startup/seed.server.ts';
import { growSite } from '#tests/bench/grow-site.ts';

import { withCliDatabase } from './cli-database.ts';

const { values } = parseArgs({
  options: { posts: { type: 'string' }, media: { type: 'string' }, pages: { type: 'string' } },
});
const wanted = {
  posts: Number(values.posts ?? 1_000_000),
  media: Number(values.media ?? 100_000),
  pages: Number(values.pages ?? 10_000),
};
for (const [name, count] of Object.entries(wanted)) {
  if (!Number.isInteger(count) || count < 0) {
    console.error(`--${name} must be a whole number, not "${values[name as keyof typeof values]}"`);
    process.exit(1);
  }
}

await withCliDatabase(async ({ db, location }) => {
  const started = performance.now();
  await migrateToLatest(db);
  await seedDatabase(db);
  const have = async (table: 'blog_posts' | 'media' | 'pages') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const [posts, media, pages] = [await have('blog_posts'), await have('media'), await have('pages')];
  const report = (what: string) => console.log(`${what} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  await growSite(
    db,
    { posts, media, pages, messages: 0 },
    { ...wanted, messages: 0 },
    { articles: { minWords: 500, maxWords: 3000 }, report },
  );
  report(
    `${location}: ${Math.max(posts, wanted.posts)} posts, ${Math.max(media, wanted.media)} media items, ${Math.max(pages, wanted.pages)} pages`,
  );
});
