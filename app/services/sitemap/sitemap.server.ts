import { getDb } from '#app/db/client.server.ts';
import { type Language, LANGUAGES } from '#app/i18n/languages.ts';
import { localizedPath } from '#app/lib/language-paths.ts';
import { SITEMAP_URL_LIMIT, type SitemapEntry } from '#app/lib/sitemap-xml.ts';
import { memoUntilWrite } from '#app/services/cache/memo-until-write.server.ts';
import { listPublishedPages } from '#app/services/pages/public-pages.server.ts';
import { listPublishedPostsForFeeds } from '#app/services/posts/public-posts.server.ts';

/**
 * The sitemap (decision 032): /sitemap.xml is an index of files of at most SITEMAP_URL_LIMIT URLs. The landing
 * page, the blog and the pages make one file (a site has thousands of pages at most); the published posts of every
 * language follow in files of their own, in the order of their ids (a file keeps its posts as others are added),
 * each read in batches and streamed, so a file of 50,000 articles never sits in memory whole.
 */

/** Rows read per query while a posts file streams. */
const BATCH = 1000;

interface Member {
  language: string;
  path: string;
}

/** Every language's URL of one item (its published translations), with x-default on the default-language one. */
function alternatesOf(members: Member[], defaultLanguage: Language): [string, string][] {
  const alternates: [string, string][] = members.map((member) => [member.language, member.path]);
  const fallback = members.find((member) => member.language === defaultLanguage);
  if (fallback) alternates.push(['x-default', fallback.path]);
  return alternates;
}

/** Rows of one kind grouped by item (translation group), each row one entry with its group's alternates. */
function entriesOf(
  rows: { language: string; translation_group: string; slug: string; updated_at: string }[],
  path: (slug: string) => string,
  defaultLanguage: Language,
): SitemapEntry[] {
  const groups = new Map<string, (Member & { updated_at: string })[]>();
  for (const row of rows) {
    // A row written without a group (by SQL, an import) is an item of its own, never one group of every such row.
    const key = row.translation_group || `${row.language}/${row.slug}`;
    const members = groups.get(key) ?? [];
    members.push({
      language: row.language,
      path: localizedPath(path(row.slug), row.language as Language, defaultLanguage),
      updated_at: row.updated_at,
    });
    groups.set(key, members);
  }
  return [...groups.values()].flatMap((members) => {
    const alternates = alternatesOf(members, defaultLanguage);
    return members.map((member) => ({ loc: member.path, lastmod: member.updated_at, alternates }));
  });
}

/** The first file: the landing page and the blog in every language, and every published page translation. */
export async function pagesSitemapEntries(defaultLanguage: Language): Promise<SitemapEntry[]> {
  const perLanguage = await Promise.all(
    LANGUAGES.map(async (language) => {
      const [pages, [latest]] = await Promise.all([listPublishedPages(language), listPublishedPostsForFeeds(1, language)]);
      return { language, pages, latest };
    }),
  );
  const everywhere = (path: string, lastmod: (language: Language) => string | null): SitemapEntry[] => {
    const members = LANGUAGES.map((language) => ({ language, path: localizedPath(path, language, defaultLanguage) }));
    const alternates = alternatesOf(members, defaultLanguage);
    return members.map((member) => ({ loc: member.path, lastmod: lastmod(member.language), alternates }));
  };
  return [
    ...everywhere('/', () => null),
    ...everywhere('/blog', (language) => perLanguage.find((list) => list.language === language)?.latest?.updated_at ?? null),
    ...entriesOf(
      perLanguage.flatMap(({ language, pages }) => pages.map((page) => ({ ...page, language }))),
      (slug) => `/${slug}`,
      defaultLanguage,
    ),
  ];
}

const publishedPostCount = memoUntilWrite(async () => {
  const row = await getDb()
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', '=', 'published')
    .executeTakeFirst();
  return Number(row?.count ?? 0);
});

/** How many posts files the index lists (none on a site without articles: a sitemap file may not be empty). */
export async function postsSitemapFileCount(limit = SITEMAP_URL_LIMIT): Promise<number> {
  return Math.ceil((await publishedPostCount()) / limit);
}

/**
 * The entries of posts file `file` (1-based), a batch at a time: at most `limit` published post translations, in id
 * order from where the file before it ended, each with its translations as alternates. Nothing for a file past the end.
 */
export async function* postsSitemapEntries(
  file: number,
  defaultLanguage: Language,
  limit = SITEMAP_URL_LIMIT,
): AsyncGenerator<SitemapEntry[]> {
  const db = getDb();
  const published = () => db.selectFrom('blog_posts').where('status', '=', 'published');
  const first = await published()
    .select('id')
    .orderBy('id')
    .limit(1)
    .offset((file - 1) * limit)
    .executeTakeFirst();
  if (!first) return;
  let after: string | null = null;
  let left = limit;
  while (left > 0) {
    let query = published()
      .select(['id', 'slug', 'language', 'translation_group', 'updated_at'])
      .where('id', '>=', first.id)
      .orderBy('id')
      .limit(Math.min(BATCH, left));
    if (after !== null) query = query.where('id', '>', after);
    const rows = await query.execute();
    if (!rows.length) return;
    const groups = [...new Set(rows.map((row) => row.translation_group).filter(Boolean))];
    const members = groups.length
      ? await published().select(['slug', 'language', 'translation_group']).where('translation_group', 'in', groups).execute()
      : [];
    const byGroup = new Map<string, Member[]>();
    // In the order of the site's languages, as in the pages file.
    members.sort((a, b) => LANGUAGES.indexOf(a.language as Language) - LANGUAGES.indexOf(b.language as Language));
    for (const member of members) {
      const list = byGroup.get(member.translation_group) ?? [];
      list.push({ language: member.language, path: localizedPath(`/blog/${member.slug}`, member.language as Language, defaultLanguage) });
      byGroup.set(member.translation_group, list);
    }
    yield rows.map((row) => {
      const path = localizedPath(`/blog/${row.slug}`, row.language as Language, defaultLanguage);
      const group = byGroup.get(row.translation_group) ?? [{ language: row.language, path }];
      return { loc: path, lastmod: row.updated_at, alternates: alternatesOf(group, defaultLanguage) };
    });
    after = rows.at(-1)!.id;
    left -= rows.length;
  }
}
