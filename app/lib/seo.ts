import type { MetaDescriptor } from 'react-router';

import { LANGUAGES } from '#app/i18n/languages.ts';

import { localizedPath } from './language-paths.ts';

export interface SeoInput {
  title: string;
  description: string;
  keywords?: string;
  /** Path of the page, e.g. /blog/my-post (no query). */
  path: string;
  origin: string;
  language: string;
  siteName: string;
  /** Absolute or site-relative image URL for Open Graph / Twitter. */
  image?: string | null;
  type?: 'website' | 'article';
  jsonLd?: Record<string, unknown>;
  /** The site's default language, whose URLs are unprefixed (decision 030); English when not given. */
  defaultLanguage?: string;
  /** The page's existing translations, path by language; every language's `path` when not given (lists, the home page). */
  alternates?: Partial<Record<string, string>>;
  /** A missing translation shown in the default language: noindex, canonical to the original, no hreflang to it. */
  fallback?: boolean;
}

export function absoluteUrl(origin: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** Title, description, keywords, Open Graph, Twitter card, canonical, hreflang alternates and JSON-LD for a public page. */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const defaultLanguage = input.defaultLanguage ?? 'en';
  const alternates: Partial<Record<string, string>> =
    input.alternates ?? Object.fromEntries(LANGUAGES.map((language) => [language, localizedPath(input.path, language, defaultLanguage)]));
  const own = input.fallback ? undefined : alternates[input.language];
  const canonical = `${input.origin}${own ?? alternates[defaultLanguage] ?? localizedPath(input.path, input.language, defaultLanguage)}`;
  const xDefault = alternates[defaultLanguage];
  const image = input.image ? absoluteUrl(input.origin, input.image) : null;
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: 'description', content: input.description },
    ...(input.keywords ? [{ name: 'keywords', content: input.keywords }] : []),
    ...(input.fallback ? [{ name: 'robots', content: 'noindex' }] : []),
    { tagName: 'link', rel: 'canonical', href: canonical },
    ...LANGUAGES.flatMap((language) => {
      const path = alternates[language];
      return path ? [{ tagName: 'link', rel: 'alternate', hrefLang: language, href: `${input.origin}${path}` }] : [];
    }),
    ...(xDefault ? [{ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: `${input.origin}${xDefault}` }] : []),
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:site_name', content: input.siteName },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: input.language === 'fr' ? 'fr_FR' : 'en_US' },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: input.title },
    { name: 'twitter:description', content: input.description },
    ...(image
      ? [
          { property: 'og:image', content: image },
          { name: 'twitter:image', content: image },
        ]
      : []),
  ];
  if (input.jsonLd) tags.push({ 'script:ld+json': input.jsonLd });
  return tags;
}

interface LayoutMatchData {
  origin: string;
  language: string;
  defaultLanguage: string;
  shell: { site: { siteName: string; logo: string; tagline: string }; social: Record<string, string> };
}

/** The public layout's loader data, as seen from a child route's meta function. */
/**
 * The part of a translated item's SEO that comes from the site and the item's languages (http/translated-item):
 * origin, language, site name, alternates and the fallback's noindex.
 */
export function translatedItemSeo(
  site: LayoutMatchData,
  languages: { defaultLanguage: string; alternates: Partial<Record<string, string>>; fallback: boolean },
) {
  return {
    origin: site.origin,
    language: site.language,
    siteName: site.shell.site.siteName,
    defaultLanguage: languages.defaultLanguage,
    alternates: languages.alternates,
    fallback: languages.fallback,
  };
}

export function siteMatchData(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): LayoutMatchData | undefined {
  return matches.find((match) => match?.id === 'routes/site/layout')?.data as LayoutMatchData | undefined;
}
