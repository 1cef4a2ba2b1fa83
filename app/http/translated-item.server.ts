import { data, redirect } from 'react-router';

import { siteRequestLanguage } from '#app/i18n/detect.ts';
import { type Language, LANGUAGES } from '#app/i18n/languages.ts';
import { localizedPath } from '#app/lib/language-paths.ts';
import { siteContentLanguage } from '#app/services/content/content-language.server.ts';
import { publishedTranslations } from '#app/services/content/translations.server.ts';
import { getPublishedPage } from '#app/services/pages/public-pages.server.ts';
import { getPublishedPost } from '#app/services/posts/public-posts.server.ts';

/** Where each language's visitor goes from this item: its translation, else the fallback (the default content, with the notice). */
export interface ItemLanguages {
  /** The language the URL asks for. */
  language: Language;
  defaultLanguage: Language;
  /** True when the URL's language has no translation and the default language's content is shown instead. */
  fallback: boolean;
  /** The item's published translations, path by language: hreflang points at these alone. */
  alternates: Partial<Record<Language, string>>;
  /** The language switcher's target in each language (never a 404). */
  switchTo: Record<Language, string>;
}

/** How a kind of public item is found and addressed. */
interface PublicKind<T> {
  table: 'pages' | 'blog_posts';
  path: (slug: string) => string;
  /** Reads a published row. */
  find: (slug: string, language: string) => Promise<T | null>;
  notFoundMessage: string;
}

const publicKind = <T>(kind: PublicKind<T>) => kind;

/** Static pages: `/{slug}`. Drafts, trashed pages and unknown slugs are all the same 404 to visitors. */
export const publicPages = publicKind({ table: 'pages', path: (slug) => `/${slug}`, find: getPublishedPage, notFoundMessage: 'Not found' });

/** Blog articles: `/blog/{slug}`. */
export const publicPosts = publicKind({
  table: 'blog_posts',
  path: (slug) => `/blog/${slug}`,
  find: getPublishedPost,
  notFoundMessage: 'Article not found',
});

/**
 * A public page's or article's item in the URL's language (decision 030). In a language other than the default: the translation with this slug; else the default-language item with
 * this slug, which answers 301 to its translation's own URL when there is one, or is shown as the fallback. Unknown:
 * 404.
 */
export async function translatedItem<T extends { translationGroup: string; slug: string }>(
  request: Request,
  slug: string | undefined,
  { table, path, find, notFoundMessage }: PublicKind<T>,
): Promise<{ item: T } & ItemLanguages> {
  if (!slug) throw data({ message: notFoundMessage }, { status: 404 });
  const defaultLanguage = await siteContentLanguage();
  const language = siteRequestLanguage(request);
  let item = await find(slug, language);
  let fallback = false;
  if (!item && language !== defaultLanguage) {
    item = await find(slug, defaultLanguage);
    if (item) {
      const slugs = await publishedTranslations(table, item.translationGroup);
      const own = slugs[language];
      if (own) throw redirect(localizedPath(path(own), language, defaultLanguage), 301);
      fallback = true;
    }
  }
  if (!item) throw data({ message: notFoundMessage }, { status: 404 });
  const slugs = await publishedTranslations(table, item.translationGroup);
  const alternates: Partial<Record<Language, string>> = {};
  for (const code of LANGUAGES) {
    const own = slugs[code];
    if (own) alternates[code] = localizedPath(path(own), code, defaultLanguage);
  }
  const sourceSlug = slugs[defaultLanguage];
  const switchTo = Object.fromEntries(
    LANGUAGES.map((code) => [
      code,
      alternates[code] ?? (sourceSlug ? localizedPath(path(sourceSlug), code, defaultLanguage) : localizedPath('/', code, defaultLanguage)),
    ]),
  ) as Record<Language, string>;
  return { item, language, defaultLanguage, fallback, alternates, switchTo };
}
