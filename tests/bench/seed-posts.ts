import type { Kysely } from 'kysely';

import type { Database } from '#app/db/schema.ts';
import { newId } from '#app/lib/ids.ts';
import { parseJson } from '#app/lib/json.ts';
import { tagSlugs } from '#app/services/posts/post-tags.server.ts';

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

/** Realistic articles (`npm run db:seed-large`, `npm run bench:scale`): bodies of `minWords` to `maxWords` words. */
export interface Articles {
  minWords: number;
  maxWords: number;
  /** Images a post may show as its featured image (about two posts in three do), recorded as used there. */
  images?: { id: string; url: string }[];
}

const TOPICS = [
  'design',
  'web',
  'mobile',
  'performance',
  'security',
  'React',
  'team',
  'product',
  'accessibility',
  'content',
  'brand',
  'checkout',
  'search',
  'analytics',
  'hosting',
  'onboarding',
];
const THINGS = [
  'workflow',
  'budget',
  'roadmap',
  'reviews',
  'checklist',
  'handover',
  'audit',
  'process',
  'tooling',
  'strategy',
  'metrics',
  'migration',
];
const TITLES: ((topic: string, thing: string, client: string) => string)[] = [
  (topic, thing, client) => `How we rebuilt ${client}'s ${topic} ${thing}`,
  (topic, thing) => `A practical guide to your ${topic} ${thing}`,
  (topic, thing, client) => `Why the ${topic} ${thing} at ${client} took six weeks`,
  (topic, thing) => `Ten lessons from a year of ${topic} ${thing}`,
  (topic, thing) => `${topic.charAt(0).toUpperCase()}${topic.slice(1)} ${thing}: what changed and what did not`,
  (topic, thing, client) => `Inside the ${topic} ${thing} of ${client}`,
  (topic, thing) => `Notes on ${topic} ${thing} for busy teams`,
  (topic, thing) => `The case against a bigger ${topic} ${thing}`,
];
const TAGS = ['case study', 'how-to', 'opinion', 'news', 'agency life', 'tools', 'client work', 'research', 'events', 'hiring'];

/**
 * Fills the database with `count` posts (statuses: 80 % published, 10 % draft, 5 % review, 5 % trash) spread over 25
 * categories, 1 to 3 each. Without `articles`: about 1.5 kB each, two paragraphs of `paragraphWords` (110) words of
 * made-up words and common ones (the admin-list and backup benches measure exactly these). With `articles`: titles
 * from templates, bodies of paragraphs drawn from a fixed pool until the drawn length (`minWords`..`maxWords`,
 * uniform) is reached, 0 to 3 tags, featured images. The same seed gives the same posts.
 */
export async function seedBenchPosts(
  db: Kysely<Database>,
  count: number,
  options: {
    paragraphWords?: number;
    articles?: Articles;
    from?: number;
    categoryIds?: string[];
    progress?: (done: number) => void;
  } = {},
): Promise<{ categoryIds: string[] }> {
  const paragraph = options.paragraphWords ?? 110;
  const from = options.from ?? 0;
  const next = random(42 + from);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const word = () => (next() < 0.15 ? pick(COMMON) : pick(SYLLABLES) + pick(SYLLABLES) + pick(SYLLABLES));
  const sentence = (words: number) => Array.from({ length: words }, word).join(' ');
  const article = options.articles ? articleWriter(options.articles, next) : null;

  const categoryIds = options.categoryIds ?? (await benchCategories(db));
  const start = Date.parse('2020-01-01T00:00:00Z');
  // Articles are long: fewer a statement keeps each under a few tens of megabytes.
  const batch = article ? 200 : 400;
  for (let offset = from; offset < from + count; offset += batch) {
    const posts = [];
    const links = [];
    const tagLinks = [];
    const uses = [];
    for (let i = offset; i < Math.min(from + count, offset + batch); i++) {
      const id = newId();
      const roll = next();
      const status = roll < 0.8 ? 'published' : roll < 0.9 ? 'draft' : roll < 0.95 ? 'review' : 'trash';
      const updated = new Date(start + i * 60_000 + Math.floor(next() * 30_000)).toISOString();
      const rare = i % 1000 === 500 ? ` ${RARE_WORD}` : '';
      const written = article?.(rare);
      if (written?.image) uses.push({ media_id: written.image.id, ref_kind: 'post' as const, ref_id: id, place: 'featured_image' });
      posts.push({
        id,
        title: written?.title ?? `${sentence(5)} ${i}`,
        slug: `bench-post-${i}`,
        content: written?.content ?? `${sentence(paragraph)}${rare}\n${sentence(paragraph)}`,
        excerpt: written?.excerpt ?? sentence(20),
        status: status as 'published' | 'draft' | 'review' | 'trash',
        featured_image: written?.image?.url ?? null,
        author_id: null,
        author_name: 'Bench Author',
        tags: written?.tags ?? '[]',
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
      // The tag archives' rows, as a save keeps them (migration 0270).
      for (const slug of tagSlugs(parseJson<string[]>(posts.at(-1)!.tags, []))) tagLinks.push({ slug, post_id: id });
    }
    await db.insertInto('blog_posts').values(posts).execute();
    await db.insertInto('post_categories').values(links).execute();
    if (tagLinks.length) await db.insertInto('post_tags').values(tagLinks).execute();
    if (uses.length) await db.insertInto('media_usage').values(uses).execute();
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

/** Paragraphs drawn from, for articles: enough that posts differ, few enough to be made in a moment. */
const POOL = 4000;

/** Writes one article a call, from `next` (the caller's seeded sequence), so the same seed gives the same articles. */
function articleWriter(articles: Articles, next: () => number) {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const word = () => (next() < 0.15 ? pick(COMMON) : pick(SYLLABLES) + pick(SYLLABLES) + pick(SYLLABLES));
  const sentence = () => {
    const words = Array.from({ length: 6 + Math.floor(next() * 14) }, word);
    return `${words.join(' ')}.`;
  };
  // Paragraphs of 40 to 160 words, in sentences, with their length kept (counting words per post would cost more).
  const pool = Array.from({ length: POOL }, () => {
    const sentences: string[] = [];
    let words = 0;
    const wanted = 40 + Math.floor(next() * 120);
    while (words < wanted) {
      const text = sentence();
      sentences.push(text.charAt(0).toUpperCase() + text.slice(1));
      words += text.split(' ').length;
    }
    return { text: sentences.join(' '), words };
  });
  return (rare: string) => {
    const wanted = articles.minWords + Math.floor(next() * (articles.maxWords - articles.minWords + 1));
    const paragraphs: string[] = [];
    let words = 0;
    while (words < wanted) {
      const paragraph = pick(pool);
      // The last paragraph is cut so that no body passes maxWords.
      paragraphs.push(
        words + paragraph.words > articles.maxWords
          ? paragraph.text
              .split(' ')
              .slice(0, articles.maxWords - words)
              .join(' ')
          : paragraph.text,
      );
      words += paragraph.words;
    }
    const tags = Array.from({ length: Math.floor(next() * 4) }, () => pick(TAGS));
    const image = articles.images?.length && next() < 0.67 ? pick(articles.images) : null;
    const client = pick(SYLLABLES) + pick(SYLLABLES);
    return {
      title: pick(TITLES)(pick(TOPICS), pick(THINGS), client.charAt(0).toUpperCase() + client.slice(1)),
      content: `${paragraphs.join('\n\n')}${rare}`,
      excerpt: pick(pool).text.split('. ')[0]!,
      tags: JSON.stringify([...new Set(tags)]),
      image,
    };
  };
}
