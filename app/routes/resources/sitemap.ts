import { siteOrigin } from '#app/http/site-url.server.ts';
import { type Language, LANGUAGES } from '#app/i18n/languages.ts';
import { localizedPath } from '#app/lib/language-paths.ts';
import { publicFeed } from '#app/lib/public-routes.ts';
import { xmlEscape } from '#app/lib/xml.ts';
import { siteContentLanguage } from '#app/services/content/content-language.server.ts';
import { listPublishedPages } from '#app/services/pages/public-pages.server.ts';
import { listPublishedPostsForFeeds } from '#app/services/posts/public-posts.server.ts';

/** Public: its anonymous answer is the same for everyone and kept in the page store (see app/lib/public-routes.ts). */
export const handle = publicFeed;

interface Entry {
  loc: string;
  lastmod: string | null;
  /** Every language's URL of the same item (its published translations alone), with x-default. */
  alternates: [string, string][];
}

/** Each language's published rows of one kind, grouped by item: language → path, and the last change. */
function itemsOf(
  rows: { language: Language; translation_group: string; slug: string; updated_at: string }[],
  path: (slug: string) => string,
  defaultLanguage: Language,
): Entry[] {
  const groups = new Map<string, { language: Language; path: string; updated_at: string }[]>();
  for (const row of rows) {
    const members = groups.get(row.translation_group) ?? [];
    members.push({
      language: row.language,
      path: localizedPath(path(row.slug), row.language, defaultLanguage),
      updated_at: row.updated_at,
    });
    groups.set(row.translation_group, members);
  }
  return [...groups.values()].flatMap((members) => {
    const alternates = alternatesOf(members, defaultLanguage);
    return members.map((member) => ({ loc: member.path, lastmod: member.updated_at, alternates }));
  });
}

function alternatesOf(members: { language: Language; path: string }[], defaultLanguage: Language): [string, string][] {
  const alternates: [string, string][] = members.map((member) => [member.language, member.path]);
  const fallback = members.find((member) => member.language === defaultLanguage);
  if (fallback) alternates.push(['x-default', fallback.path]);
  return alternates;
}

/**
 * /sitemap.xml: the landing page and the blog in every language, and every published page and post translation
 * (nothing else), each with `xhtml:link` alternates to its existing translations and x-default (decision 030).
 */
export async function loader() {
  const origin = siteOrigin();
  const defaultLanguage = await siteContentLanguage();
  const perLanguage = await Promise.all(
    LANGUAGES.map(async (language) => {
      const [pages, posts] = await Promise.all([listPublishedPages(language), listPublishedPostsForFeeds(1000, language)]);
      return { language, pages, posts };
    }),
  );
  const everywhere = (path: string, lastmod: (language: Language) => string | null): Entry[] => {
    const members = LANGUAGES.map((language) => ({ language, path: localizedPath(path, language, defaultLanguage) }));
    const alternates = alternatesOf(members, defaultLanguage);
    return members.map((member) => ({ loc: member.path, lastmod: lastmod(member.language), alternates }));
  };
  const entries: Entry[] = [
    ...everywhere('/', () => null),
    ...everywhere('/blog', (language) => perLanguage.find((list) => list.language === language)?.posts[0]?.updated_at ?? null),
    ...itemsOf(
      perLanguage.flatMap(({ language, pages }) => pages.map((page) => ({ ...page, language }))),
      (slug) => `/${slug}`,
      defaultLanguage,
    ),
    ...itemsOf(
      perLanguage.flatMap(({ language, posts }) => posts.map((post) => ({ ...post, language }))),
      (slug) => `/blog/${slug}`,
      defaultLanguage,
    ),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries.map(
      (entry) =>
        `<url><loc>${xmlEscape(`${origin}${entry.loc}`)}</loc>${entry.lastmod ? `<lastmod>${xmlEscape(entry.lastmod)}</lastmod>` : ''}` +
        entry.alternates
          .map(([hreflang, path]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${xmlEscape(`${origin}${path}`)}"/>`)
          .join('') +
        '</url>',
    ),
    '</urlset>',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
