/**
 * The blog's archives (docs/decisions/036-blog-archives.md): a category's posts at `/blog/category/{slug}` and a tag's
 * at `/blog/tag/{slug}`, in each language (`/fr/blog/category/{slug}`), newest first and paginated like the blog.
 * A category's slug is its name in the archive's language made a slug; a tag's is the tag made a slug (post_tags).
 */
import { sql } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import { parseJson } from '#app/lib/json.ts';
import { pageOf, type Paginated } from '#app/lib/paginated.ts';
import { slugify } from '#app/lib/slug.ts';
import { onPublicCacheCleared } from '#app/services/cache/html-cache.server.ts';
import { siteContentLanguage } from '#app/services/content/content-language.server.ts';
import { categoryNameIn } from '#app/services/posts/categories.server.ts';
import {
  BLOG_PAGE_SIZE,
  categoriesOf,
  countOf,
  listed,
  postDate,
  type PostSummary,
  summaryColumns,
  toSummary,
} from '#app/services/posts/public-posts.server.ts';

export type ArchiveKind = 'category' | 'tag';

export interface Archive {
  kind: ArchiveKind;
  slug: string;
  /** The category's name in the archive's language, or the tag as the newest post that has it writes it. */
  name: string;
}

interface Found extends Archive {
  /** The category's id; none for a tag. */
  categoryId?: string;
}

/** The category whose name in `language` has `slug` as its slug, or null. */
async function findCategory(slug: string, language: string): Promise<Found | null> {
  const rows = await getDb().selectFrom('categories').select(['id', 'name', 'names']).orderBy('created_at').execute();
  const row = rows.find((candidate) => slugify(categoryNameIn(candidate, language)) === slug);
  return row ? { kind: 'category', slug, name: categoryNameIn(row, language), categoryId: row.id } : null;
}

/** The tag with `slug` on a post `list` shows (its spelling on the newest such post), or null. */
async function findTag(slug: string, list: ReturnType<typeof listed>): Promise<Found | null> {
  const newest = await list
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('post_tags')
          .select(sql`1`.as('one'))
          .whereRef('post_tags.post_id', '=', 'blog_posts.id')
          .where('post_tags.slug', '=', slug),
      ),
    )
    .select('tags')
    .orderBy(postDate, 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const name = parseJson<string[]>(newest?.tags ?? '[]', []).find((tag) => slugify(tag) === slug);
  return name ? { kind: 'tag', slug, name } : null;
}

/** The posts of `list` in the archive. */
function inArchive(list: ReturnType<typeof listed>, archive: Found): ReturnType<typeof listed> {
  return list.where((eb) =>
    archive.kind === 'category'
      ? eb.exists(
          eb
            .selectFrom('post_categories')
            .select(sql`1`.as('one'))
            .whereRef('post_categories.post_id', '=', 'blog_posts.id')
            .where('post_categories.category_id', '=', archive.categoryId!),
        )
      : eb.exists(
          eb
            .selectFrom('post_tags')
            .select(sql`1`.as('one'))
            .whereRef('post_tags.post_id', '=', 'blog_posts.id')
            .where('post_tags.slug', '=', archive.slug),
        ),
  );
}

// Archive counts kept until the next write visitors see, as the blog's own count is; bounded, as a site may have
// thousands of tags and a crawler may walk them all.
const COUNTS_KEPT = 1000;
let counts = new Map<string, Promise<number>>();
onPublicCacheCleared(() => (counts = new Map()));

function keptCount(key: string, count: () => Promise<number>): Promise<number> {
  let found = counts.get(key);
  if (!found) {
    if (counts.size >= COUNTS_KEPT) counts = new Map();
    found = count();
    counts.set(key, found);
    found.catch(() => counts.delete(key));
  }
  return found;
}

/**
 * Screen `page` of an archive in `language` (with the default language's untranslated posts when `fallbacks`, as the
 * blog), or null when no post of that list is in such a category or has such a tag.
 */
export async function listArchive(options: {
  kind: ArchiveKind;
  slug: string;
  page: number;
  language?: string;
  fallbacks?: boolean;
}): Promise<(Paginated<PostSummary> & { archive: Archive }) | null> {
  const defaultLanguage = await siteContentLanguage();
  const language = options.language ?? defaultLanguage;
  const fallbacks = !!options.fallbacks && language !== defaultLanguage;
  const list = () => listed(language, defaultLanguage, fallbacks);
  const found = options.kind === 'category' ? await findCategory(options.slug, language) : await findTag(options.slug, list());
  if (!found) return null;
  const base = inArchive(list(), found);
  const total = await keptCount(`${found.kind} ${found.slug} ${language} ${fallbacks}`, () => countOf(base));
  // A category no post of this list is filed under has no archive here (as a tag nobody uses).
  if (!total) return null;
  const screen = pageOf(total, options.page, BLOG_PAGE_SIZE);
  const rows = await base
    .select([...summaryColumns, postDate.as('date')])
    .orderBy(postDate, 'desc')
    .orderBy('id')
    .limit(BLOG_PAGE_SIZE)
    .offset(screen.offset)
    .execute();
  const categories = await categoriesOf(
    rows.map((row) => row.id),
    language,
  );
  return {
    items: rows.map((row) => toSummary(row, categories.get(row.id) ?? [])),
    total,
    more: false,
    page: screen.page,
    pageCount: screen.pageCount,
    archive: { kind: found.kind, slug: found.slug, name: found.name },
  };
}
