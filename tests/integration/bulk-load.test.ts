import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { bulkLoad } from '#tests/bench/bulk-load.ts';
import { seedBenchPosts } from '#tests/bench/seed-posts.ts';
import { testDialects } from '#tests/support/databases.ts';

/**
 * The bulk load of `npm run db:seed-large` (tests/bench/bulk-load.ts) on SQLite rebuilds the full-text index in one
 * pass. Saves after it must each write a few index rows: when the rebuilt index stayed one segment on FTS5's lowest
 * level, about the 16th save merged the whole index at once (3.6 s at 20,000 posts). Counted in rows written, not
 * timed: total_changes() counts the index rows each save inserts or deletes.
 */
const sqlite = testDialects.find((dialect) => dialect.name === 'sqlite')!;
const POSTS = 1500;
const SAVES = 40;

describe('a bulk load of posts on SQLite', () => {
  beforeAll(async () => {
    await sqlite.open();
    await bulkLoad(getDb(), async (trx) => {
      await seedBenchPosts(trx, POSTS, { articles: { minWords: 300, maxWords: 600 } });
    });
  }, 120_000);
  afterAll(() => sqlite.close());

  it('leaves a full-text index that each later save changes by a few rows, never by a merge of all of it', async () => {
    const db = getDb();
    const number = async (query: RawBuilder<{ n: number }>) => Number((await query.execute(db)).rows[0]!.n);
    const indexRows = () => number(sql`select count(*) as n from blog_posts_fts_data`);
    const totalChanges = () => number(sql`select total_changes() as n`);
    const rows = await indexRows();
    const ids = (await db.selectFrom('blog_posts').select('id').orderBy('id').limit(SAVES).execute()).map((row) => row.id);
    expect(ids).toHaveLength(SAVES);
    const changed: number[] = [];
    for (const [i, id] of ids.entries()) {
      const before = await totalChanges();
      await db
        .updateTable('blog_posts')
        .set({ content: sql`content || ${` an edit number ${i}`}` })
        .where('id', '=', id)
        .execute();
      changed.push((await totalChanges()) - before);
    }
    // A save writes about a dozen rows, and FTS5's step-by-step merges a few hundred (435 at most here). A merge of
    // the whole index deletes and inserts each of its rows (5,449 changes for 1,671 rows here without the fix).
    expect(Math.max(...changed)).toBeLessThan(rows);
    // The saves are in the index.
    expect(await number(sql`select count(*) as n from blog_posts_fts where blog_posts_fts match 'edit'`)).toBe(SAVES);
    expect(await indexRows()).toBeGreaterThan(0);
  });
});
