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
import { memoUntilWrite } from '#app/services/cache/memo-until-write.server.ts';
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

/**
 * An archive of at most this many posts (any status, any language) is read from its links first: a tag on a handful of
 * old posts would otherwise cost a walk over most of the blog's index before its first screen is full.
 */
const READ_LINKS_FIRST = 5000;

/** The posts linked to the archive, when they are few (READ_LINKS_FIRST at most), else null. */
async function fewLinkedPosts(archive: Found): Promise<string[] | null> {
  const rows =
    archive.kind === 'category'
      ? await getDb()
          .selectFrom('post_categories')
          .select('post_id')
          .where('category_id', '=', archive.categoryId!)
          .limit(READ_LINKS_FIRST + 1)
          .execute()
      : await getDb()
          .selectFrom('post_tags')
          .select('post_id')
          .where('slug', '=', archive.slug)
          .limit(READ_LINKS_FIRST + 1)
          .execute();
  return rows.length > READ_LINKS_FIRST ? null : rows.map((row) => row.post_id);
}

/**
 * The posts of `list` in the archive: among the few linked posts (looked up by id, then sorted), or else walked in the
 * blog's index order with one probe per post, which stops after a screen as the archive is common.
 */
function inArchive(list: ReturnType<typeof listed>, archive: Found, few: string[] | null): ReturnType<typeof listed> {
  if (few) return list.where('blog_posts.id', 'in', few.length ? few : ['']);
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

/**
 * The order of an archive's screen: the blog's, spelled so that no index matches it when the archive's few posts are
 * looked up by id; otherwise the database walks the blog's date index to skip the sort, probing every post for the
 * few ids (the walk this avoids). The same values in the same order.
 */
const sortOrder = (few: string[] | null) => (few ? sql<string>`(${postDate} || '')` : postDate);

/** The tag as the newest post of `base` (the archive's posts) writes it, or null when no post has it. */
async function tagName(slug: string, base: ReturnType<typeof listed>, few: string[] | null): Promise<string | null> {
  const newest = await base.select('tags').orderBy(sortOrder(few), 'desc').orderBy('id').limit(1).executeTakeFirst();
  return parseJson<string[]>(newest?.tags ?? '[]', []).find((tag) => slugify(tag) === slug) ?? null;
}

/** What an archive's count depends on: the archive (a category by its id) and the list it narrows (see `listed`). */
interface CountKey {
  archive: Found;
  language: string;
  defaultLanguage: string;
  fallbacks: boolean;
}

// Archive counts kept until the next write visitors see, as the blog's own count is; bounded, as a site may have
// thousands of tags and a crawler may walk them all.
const COUNTS_KEPT = 1000;
const archiveCount = memoUntilWrite(
  async (key: string) => {
    const { archive, language, defaultLanguage, fallbacks } = JSON.parse(key) as CountKey;
    return countOf(inArchive(listed(language, defaultLanguage, fallbacks), archive, await fewLinkedPosts(archive)));
  },
  { maxKeys: COUNTS_KEPT },
);

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
  const found: Found | null =
    options.kind === 'category' ? await findCategory(options.slug, language) : { kind: 'tag', slug: options.slug, name: '' };
  if (!found) return null;
  const few = await fewLinkedPosts(found);
  const base = inArchive(list(), found, few);
  if (found.kind === 'tag') {
    const name = await tagName(found.slug, base, few);
    if (!name) return null;
    found.name = name;
  }
  const key: CountKey = {
    archive: { kind: found.kind, slug: found.slug, name: '', categoryId: found.categoryId },
    language,
    defaultLanguage,
    fallbacks,
  };
  const total = await archiveCount(JSON.stringify(key));
  // A category no post of this list is filed under has no archive here (as a tag nobody uses).
  if (!total) return null;
  const screen = pageOf(total, options.page, BLOG_PAGE_SIZE);
  const rows = await base
    .select([...summaryColumns, postDate.as('date')])
    .orderBy(sortOrder(few), 'desc')
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
