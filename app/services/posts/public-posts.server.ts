import { sql, type SqlBool } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import { boundedSearch, listCondition, screenSlice } from '#app/db/full-text.server.ts';
import { parseJson } from '#app/lib/json.ts';
import { pageOf, type Paginated } from '#app/lib/paginated.ts';
import { memoUntilWrite } from '#app/services/cache/memo-until-write.server.ts';
import { siteContentLanguage } from '#app/services/content/content-language.server.ts';
import { renderMarkdown } from '#app/services/content/markdown.server.ts';
import { categoryNameIn } from '#app/services/posts/categories.server.ts';

/** Three columns of three on large screens. */
export const BLOG_PAGE_SIZE = 9;

export interface PostSummary {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  featuredImage: string | null;
  authorName: string;
  views: number;
  /** Publish date, else last modified (docs/product.md, Public site). */
  date: string;
  categories: string[];
  /** The post's own language: in a list with fallbacks (decision 035), a fallback's differs from the list's. */
  language: string;
}

export interface PostDetail extends PostSummary {
  /** The content's Markdown as sanitized HTML, by the pages' own renderer. */
  html: string;
  featuredImageAlt: string;
  tags: string[];
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  updatedAt: string;
  translationGroup: string;
}

// "Newest first by publish date, else last-modified date" as one sortable expression.
export const postDate = sql<string>`coalesce(publish_date, updated_at)`;

function published(language: string) {
  return getDb().selectFrom('blog_posts').where('status', '=', 'published').where('language', '=', language);
}

/**
 * The posts a list of `language` shows: its published translations and, with `fallbacks` (Settings → General,
 * 'Include fallbacks in lists'; decision 035), the default language's published posts that have no published
 * translation in `language`. The sitemap never asks for fallbacks.
 */
export function listed(language: string, defaultLanguage: string, fallbacks: boolean): ReturnType<typeof published> {
  if (!fallbacks || language === defaultLanguage) return published(language);
  return getDb()
    .selectFrom('blog_posts')
    .where('status', '=', 'published')
    .where((eb) =>
      eb.or([
        eb('language', '=', language),
        eb.and([
          eb('language', '=', defaultLanguage),
          eb.not(
            eb.exists(
              eb
                .selectFrom('blog_posts as translation')
                .select(sql<number>`1`.as('one'))
                .where('translation.language', '=', language)
                .where('translation.status', '=', 'published')
                // A translation always names its group (a row without one is its own item), and this lets the
                // lookup use the (translation_group, language) index, which leaves out rows without a group.
                .where('translation.translation_group', '<>', '')
                .whereRef(
                  'translation.translation_group',
                  '=',
                  sql<string>`coalesce(nullif(blog_posts.translation_group, ''), blog_posts.id)`,
                ),
            ),
          ),
        ]),
      ]),
    );
}

/** The posts' category names in `language` (each category's own name there, else its default-language name), sorted. */
export async function categoriesOf(postIds: string[], language: string): Promise<Map<string, string[]>> {
  const byPost = new Map<string, string[]>();
  if (!postIds.length) return byPost;
  const rows = await getDb()
    .selectFrom('post_categories')
    .innerJoin('categories', 'categories.id', 'post_categories.category_id')
    .select(['post_categories.post_id', 'categories.name', 'categories.names'])
    .where('post_categories.post_id', 'in', postIds)
    .execute();
  for (const row of rows) byPost.set(row.post_id, [...(byPost.get(row.post_id) ?? []), categoryNameIn(row, language)]);
  for (const names of byPost.values()) names.sort((a, b) => a.localeCompare(b, language));
  return byPost;
}

export const summaryColumns = ['id', 'title', 'slug', 'excerpt', 'featured_image', 'author_name', 'views', 'language'] as const;

/** The longest blog search read; the rest is ignored. */
export const BLOG_SEARCH_MAX = 100;

export async function countOf(query: ReturnType<typeof published>): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** A post's place in the blog's order (newest first by `postDate`, then id). */
interface ListKey {
  date: string;
  id: string;
}

/** The posts at and after `start` in the blog's order: a seek in the published index (its date bounds the range). */
function fromKey(query: ReturnType<typeof published>, start: ListKey | undefined): ReturnType<typeof published> {
  if (!start) return query;
  return query
    .where(postDate, '<=', start.date)
    .where(sql<SqlBool>`(${postDate} < ${start.date} or (${postDate} = ${start.date} and id >= ${start.id}))`);
}

/** Posts between two kept page starts: a deep page seeks to the start before it, then skips fewer than this. */
const START_EVERY = 1000;

/**
 * How many posts a list shows, and the place of every START_EVERY-th (`starts[j]` is post j × START_EVERY's key):
 * one walk of the published index, seek by seek, each skipping START_EVERY entries, the last counting the rest.
 */
async function shapeOf(query: () => ReturnType<typeof published>): Promise<{ count: number; starts: ListKey[] }> {
  const starts: ListKey[] = [];
  for (;;) {
    const last = starts.at(-1);
    const next = await fromKey(query(), last)
      .select([postDate.as('date'), 'id'])
      .orderBy(postDate, 'desc')
      .orderBy('id')
      .limit(1)
      .offset(last ? START_EVERY : 0)
      .executeTakeFirst();
    if (next) starts.push({ date: next.date, id: next.id });
    else return { count: last ? (starts.length - 1) * START_EVERY + (await countOf(fromKey(query(), last))) : 0, starts };
  }
}

/**
 * The number of posts a list of a language shows and its page starts, read once and kept until the next write
 * visitors see (a count of a million index entries is not paid per page view, and a deep page is a seek to the start
 * before it, not an offset over every post in front of it). Keyed by 'language defaultLanguage fallbacks' (see
 * `listed`).
 */
const publishedShape = memoUntilWrite((key: string) => {
  const [language = '', defaultLanguage = '', fallbacks] = key.split(' ');
  return shapeOf(() => listed(language, defaultLanguage, fallbacks === 'fallbacks'));
});

/** A search shows at most this many posts (the newest matches, title matches first): refining beats paging. */
const BLOG_SEARCH_CAP = 500;

/**
 * The words of `query` (whole or as prefixes) in a post's title, excerpt or content, among the newest
 * BLOG_SEARCH_CAP + 1 matches of `base`; null when empty (every post).
 */
async function searchOf(query: string, base: ReturnType<typeof published>) {
  const term = query.trim().slice(0, BLOG_SEARCH_MAX);
  if (!term) return null;
  return boundedSearch('blog_posts', term, base, BLOG_SEARCH_CAP + 1, [
    [postDate, 'desc'],
    [sql`id`, 'asc'],
  ]);
}

/**
 * One page of published posts of `language` (the default content language when not given; those matching `query`,
 * when given), newest first; pagination happens in the database. With `fallbacks`, also the default language's posts
 * not translated into `language` (each summary says its language).
 */
export async function listPublishedPosts({
  page,
  pageSize = BLOG_PAGE_SIZE,
  query = '',
  language,
  fallbacks = false,
}: {
  page: number;
  pageSize?: number;
  query?: string;
  language?: string;
  fallbacks?: boolean;
}): Promise<Paginated<PostSummary>> {
  const defaultLanguage = await siteContentLanguage();
  const lang = language ?? defaultLanguage;
  const all = () => listed(lang, defaultLanguage, fallbacks);
  const search = await searchOf(query, all());
  const narrowed = listCondition(search);
  const base = narrowed ? all().where(narrowed) : all();
  // A search is at most BLOG_SEARCH_CAP + 1 rows: counted and paged by offset. The list: its kept shape.
  let shape = search
    ? { count: search.count ?? (await countOf(base)), starts: [] }
    : await publishedShape(`${lang} ${defaultLanguage} ${fallbacks && lang !== defaultLanguage ? 'fallbacks' : ''}`);
  let matches = shape.count;
  let total = search ? Math.min(matches, BLOG_SEARCH_CAP) : matches;
  // One row more than a screen: it tells whether the kept count is behind the rows.
  const screenOf = async (count: number) => {
    const screen = pageOf(count, page, pageSize);
    const before = Math.min(Math.floor(screen.offset / START_EVERY), shape.starts.length - 1);
    const start = before > 0 ? shape.starts[before] : undefined;
    let screenQuery = fromKey(base, start).select([...summaryColumns, postDate.as('date')]);
    let skip = screen.offset - (start ? before * START_EVERY : 0);
    if (search) screenQuery = screenQuery.orderBy(search.titleHit, 'desc');
    // A search's screen: its rows alone, read by id (the search put its matches in order).
    const slice = screenSlice('blog_posts', search, skip, pageSize + 1);
    if (slice) [screenQuery, skip] = [screenQuery.where(slice), 0];
    const found = await screenQuery
      .orderBy(postDate, 'desc')
      .orderBy('id')
      .limit(pageSize + 1)
      .offset(skip)
      .execute();
    return { screen, found };
  };
  let { screen, found } = await screenOf(total);
  if (!search && screen.offset + found.length > total) {
    // Posts written behind the app's back (SQL, another process) since the shape was kept: read it again.
    shape = await shapeOf(all);
    matches = total = shape.count;
    ({ screen, found } = await screenOf(total));
  }
  const rows = found.slice(0, pageSize);
  const categories = await categoriesOf(
    rows.map((row) => row.id),
    lang,
  );
  const items = rows.map((row) => toSummary(row, categories.get(row.id) ?? []));
  return { items, total, more: matches > total, page: screen.page, pageCount: screen.pageCount };
}

interface SummaryRow {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  featured_image: string | null;
  author_name: string;
  views: number | string;
  date: string;
  language: string;
}

export function toSummary(row: SummaryRow, categories: string[]): PostSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    featuredImage: row.featured_image,
    authorName: row.author_name,
    views: Number(row.views),
    date: row.date,
    categories,
    language: row.language,
  };
}

/** The published post of `language` with this slug, or null (drafts, reviews and trashed posts are not public). */
export async function getPublishedPost(slug: string, language?: string): Promise<PostDetail | null> {
  const lang = language ?? (await siteContentLanguage());
  return postDetail(await detailColumns(published(lang)).where('slug', '=', slug).executeTakeFirst());
}

/** A post as a draft link shows it: its saved state whatever its status, but not from the trash. */
export async function getPostForDraftLink(id: string): Promise<PostDetail | null> {
  const base = getDb().selectFrom('blog_posts').where('status', '<>', 'trash');
  return postDetail(await detailColumns(base).where('id', '=', id).executeTakeFirst());
}

function detailColumns(query: ReturnType<typeof published>) {
  return query.select([
    'translation_group',
    ...summaryColumns,
    'content',
    'featured_image_alt',
    'tags',
    'meta_title',
    'meta_description',
    'meta_keywords',
    'updated_at',
    postDate.as('date'),
  ]);
}

async function postDetail(row: Awaited<ReturnType<ReturnType<typeof detailColumns>['executeTakeFirst']>>): Promise<PostDetail | null> {
  if (!row) return null;
  const categories = await categoriesOf([row.id], row.language);
  return {
    ...toSummary(row, categories.get(row.id) ?? []),
    html: renderMarkdown(row.content),
    featuredImageAlt: row.featured_image_alt,
    tags: parseJson<string[]>(row.tags, []),
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    metaKeywords: row.meta_keywords,
    updatedAt: row.updated_at,
    translationGroup: row.translation_group || row.id,
  };
}

/**
 * Published posts of `language` (the default content language when not given) for the sitemap and the feed, newest
 * first; with `fallbacks` (the feed only: the sitemap never lists a fallback), also the default language's posts not
 * translated into it.
 */
export async function listPublishedPostsForFeeds(limit = 1000, language?: string, options: { fallbacks?: boolean } = {}) {
  const defaultLanguage = await siteContentLanguage();
  return listed(language ?? defaultLanguage, defaultLanguage, options.fallbacks ?? false)
    .select(['title', 'slug', 'excerpt', 'author_name', 'updated_at', 'translation_group', 'language', postDate.as('date')])
    .orderBy(postDate, 'desc')
    .limit(limit)
    .execute();
}
