import { redirect } from 'react-router';

import { siteOrigin } from '#app/http/site-url.server.ts';
import { pathLanguage, siteRequestLanguage } from '#app/i18n/detect.ts';
import { getMessages } from '#app/i18n/messages.server.ts';
import { createTranslate } from '#app/i18n/translate.ts';
import { localizedPath } from '#app/lib/language-paths.ts';
import { publicFeed } from '#app/lib/public-routes.ts';
import { xmlEscape } from '#app/lib/xml.ts';
import { siteContentLanguage } from '#app/services/content/content-language.server.ts';
import { listPublishedPostsForFeeds } from '#app/services/posts/public-posts.server.ts';
import { getSiteSettingsForRequest } from '#app/services/settings/settings.server.ts';
import { getSiteShell } from '#app/services/site-shell/site-shell.server.ts';

import type { Route } from './+types/rss';

/** Public: its anonymous answer is the same for everyone and kept in the page store (see app/lib/public-routes.ts). */
export const handle = publicFeed;

/**
 * /rss.xml and /{lang}/rss.xml: the 50 newest published posts of that language as an RSS 2.0 feed (decision 030); with
 * 'Include fallbacks in lists', also the default language's posts not translated into it, their titles marked with
 * their language in the feed's ('Getting started (En anglais)', decision 035).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = siteOrigin();
  const defaultLanguage = await siteContentLanguage();
  const language = siteRequestLanguage(request);
  // The default language's prefix is not a feed of its own.
  if (pathLanguage(new URL(request.url).pathname) === defaultLanguage) return redirect('/rss.xml', 301);
  const at = (path: string) => `${origin}${localizedPath(path, language, defaultLanguage)}`;
  const { includeFallbacks } = await getSiteSettingsForRequest();
  const [posts, shell] = await Promise.all([
    listPublishedPostsForFeeds(50, language, { fallbacks: !!includeFallbacks }),
    getSiteShell(language),
  ]);
  const t = createTranslate(getMessages(language));
  const items = posts.map((post) => {
    const link = at(`/blog/${post.slug}`);
    const title =
      post.language === language ? post.title : `${post.title} (${t('blog.inLanguage', { language: t(`language.${post.language}`) })})`;
    return [
      '<item>',
      `<title>${xmlEscape(title)}</title>`,
      `<link>${xmlEscape(link)}</link>`,
      `<guid isPermaLink="true">${xmlEscape(link)}</guid>`,
      `<pubDate>${new Date(post.date).toUTCString()}</pubDate>`,
      `<dc:creator>${xmlEscape(post.author_name)}</dc:creator>`,
      `<description>${xmlEscape(post.excerpt)}</description>`,
      '</item>',
    ].join('');
  });
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${xmlEscape(shell.site.siteName)}</title>`,
    `<link>${xmlEscape(at('/blog'))}</link>`,
    `<description>${xmlEscape(shell.site.tagline)}</description>`,
    `<language>${language}</language>`,
    `<atom:link href="${xmlEscape(at('/rss.xml'))}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel>',
    '</rss>',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
}
