import type { Kysely } from 'kysely';

import type { Database } from '#app/db/schema.ts';
import { newId } from '#app/lib/ids.ts';

/** A word that appears in one post in a thousand: the worst case for a substring search. */
export const RARE_WORD = 'zanzibar';

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'qua', 'bre', 'dor', 'fen', 'gil', 'hum', 'jor', 'pex'];
const COMMON = ['design', 'web', 'mobile', 'performance', 'security', 'react', 'team', 'product', 'users', 'launch'];

/** A deterministic pseudo-random generator, so every run measures the same data. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

/**
 * Fills the database with `count` posts of about 1.5 kB each (statuses: 80 % published,
 * 10 % draft, 5 % review, 5 % trash) spread over 25 categories, 1 to 3 each. `paragraphWords` (110) sets the
 * length of each of the two paragraphs.
 */
export async function seedBenchPosts(
  db: Kysely<Database>,
  count: number,
  options: { paragraphWords?: number; from?: number; categoryIds?: string[]; progress?: (done: number) => void } = {},
): Promise<{ categoryIds: string[] }> {
  const paragraph = options.paragraphWords ?? 110;
  const from = options.from ?? 0;
  const next = random(42 + from);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const word = () => (next() < 0.15 ? pick(COMMON) : pick(SYLLABLES) + pick(SYLLABLES) + pick(SYLLABLES));
  const sentence = (words: number) => Array.from({ length: words }, word).join(' ');

  const categoryIds = options.categoryIds ?? (await benchCategories(db));
  const start = Date.parse('2020-01-01T00:00:00Z');
  const batch = 400;
  for (let offset = from; offset < from + count; offset += batch) {
    const posts = [];
    const links = [];
    for (let i = offset; i < Math.min(from + count, offset + batch); i++) {
      const id = newId();
      const roll = next();
      const status = roll < 0.8 ? 'published' : roll < 0.9 ? 'draft' : roll < 0.95 ? 'review' : 'trash';
      const updated = new Date(start + i * 60_000 + Math.floor(next() * 30_000)).toISOString();
      const rare = i % 1000 === 500 ? ` ${RARE_WORD}` : '';
      posts.push({
        id,
        title: `${sentence(5)} ${i}`,
        slug: `bench-post-${i}`,
        content: `${sentence(paragraph)}${rare}\n${sentence(paragraph)}`,
        excerpt: sentence(20),
        status: status as 'published' | 'draft' | 'review' | 'trash',
        featured_image: null,
        author_id: null,
        author_name: 'Bench Author',
        tags: '[]',
        meta_title: '',
        meta_description: '',
        meta_keywords: '',
        publish_date: status === 'published' ? updated : null,
        views: Math.floor(next() * 5000),
        version: 1,
        created_at: updated,
        updated_at: updated,
      });
      const chosen = new Set(Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(categoryIds)));
      for (const category_id of chosen) links.push({ post_id: id, category_id });
    }
    await db.insertInto('blog_posts').values(posts).execute();
    await db.insertInto('post_categories').values(links).execute();
    const done = offset + batch - from;
    if (options.progress && done % 50_000 === 0) options.progress(done);
  }
  return { categoryIds };
}

/** The seeded categories and 20 more, for the bench's posts (those of an earlier run when there are some). */
async function benchCategories(db: Kysely<Database>): Promise<string[]> {
  const existing = await db.selectFrom('categories').select(['id', 'name']).orderBy('created_at').orderBy('name').execute();
  if (existing.some((row) => row.name.startsWith('Bench category '))) return existing.map((row) => row.id);
  const extra = Array.from({ length: 20 }, (_, i) => ({
    id: newId(),
    name: `Bench category ${i + 1}`,
    created_at: new Date().toISOString(),
  }));
  await db.insertInto('categories').values(extra).execute();
  return [...existing.map((row) => row.id), ...extra.map((row) => row.id)];
}
