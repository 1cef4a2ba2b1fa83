import type { MetaDescriptor } from 'react-router';

import { LANGUAGES } from '#app/i18n/languages.ts';

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
}

export function absoluteUrl(origin: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The page's URL in a language: English is the plain URL, other languages add ?lng=. */
export function languageUrl(origin: string, path: string, language: string): string {
  return `${origin}${path}${language === 'en' ? '' : `?lng=${language}`}`;
}

/** Title, description, keywords, Open Graph, Twitter card, canonical, hreflang alternates and JSON-LD for a public page. */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const canonical = languageUrl(input.origin, input.path, input.language);
  const image = input.image ? absoluteUrl(input.origin, input.image) : null;
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: 'description', content: input.description },
    ...(input.keywords ? [{ name: 'keywords', content: input.keywords }] : []),
    { tagName: 'link', rel: 'canonical', href: canonical },
    ...LANGUAGES.map((language) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: language,
      href: languageUrl(input.origin, input.path, language),
    })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: languageUrl(input.origin, input.path, 'en') },
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
  shell: { site: { siteName: string; logo: string; tagline: string }; social: Record<string, string> };
}

/** The public layout's loader data, as seen from a child route's meta function. */
export function siteMatchData(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): LayoutMatchData | undefined {
  return matches.find((match) => match?.id === 'routes/site/layout')?.data as LayoutMatchData | undefined;
}
