import { type Kysely, sql, SqliteAdapter } from 'kysely';

import type { Database } from '#app/db/schema.ts';

import { bulkLoad } from './bulk-load.ts';
import { type Articles, seedBenchPosts } from './seed-posts.ts';
import { seedScaleRows } from './seed-scale.ts';

/** What a site has, or is to have. */
export interface SiteSize {
  posts: number;
  media: number;
  pages: number;
  messages: number;
}

/**
 * Grows a site from `have` to `wanted` (`npm run db:seed-large` and `npm run bench:scale` alike, so the bench times
 * the seeding the issue names): media items, pages and messages, then the posts as one bulk load (bulk-load.ts),
 * then the planner's statistics. On SQLite the load is run as a rerun-able bulk load (no fsync: a power cut costs a
 * rerun, not data; a 1 GB page cache) and the statistics are taken from a sample of each index, as PostgreSQL takes
 * them (reading a million rows of each costs minutes).
 */
export async function growSite(
  db: Kysely<Database>,
  have: SiteSize,
  wanted: SiteSize,
  options: { articles: Articles; categoryIds?: string[]; report?: (step: string) => void },
): Promise<void> {
  const report = options.report ?? (() => undefined);
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const setting = async (name: 'synchronous' | 'cache_size') =>
    Object.values((await sql<Record<string, number>>`select * from ${sql.raw(`pragma_${name}`)}`.execute(db)).rows[0] ?? {})[0];
  const before = sqlite ? { synchronous: await setting('synchronous'), cacheSize: await setting('cache_size') } : null;
  if (sqlite) {
    await sql`pragma synchronous = off`.execute(db);
    await sql`pragma cache_size = -262144`.execute(db);
    await sql`pragma analysis_limit = 1000`.execute(db);
  }
  await seedScaleRows(db, {
    pages: Math.max(0, wanted.pages - have.pages),
    media: Math.max(0, wanted.media - have.media),
    messages: Math.max(0, wanted.messages - have.messages),
    from: have.media,
  });
  report('media and pages');
  if (wanted.posts > have.posts) {
    const images = await db.selectFrom('media').select(['id', 'url']).where('type', '=', 'image').orderBy('id').limit(1000).execute();
    await bulkLoad(
      db,
      async (trx) => {
        await seedBenchPosts(trx, wanted.posts - have.posts, {
          from: have.posts,
          categoryIds: options.categoryIds,
          articles: { ...options.articles, images },
          progress: (done) => report(`${have.posts + done} posts`),
        });
      },
      report,
    );
  }
  await sql`analyze`.execute(db);
  if (before) {
    await sql.raw(`pragma synchronous = ${Number(before.synchronous)}`).execute(db);
    await sql.raw(`pragma cache_size = ${Number(before.cacheSize)}`).execute(db);
  }
}
