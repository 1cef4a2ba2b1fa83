import { getDb } from '#app/db/client.server.ts';
import { parseJson } from '#app/lib/json.ts';
import type { MediaTranslations } from '#app/lib/media-item.ts';
import { type ImageAttributes, imageAttributes, type ResponsiveImageSource } from '#app/lib/responsive-image.ts';
import { siteContentLanguage } from '#app/services/content/content-language.server.ts';

import { storedVariants } from './media-rows.server.ts';

/**
 * The library's facts about images shown by address (hero image, logo,
 * featured images): size, alt text and WebP variants, for srcset/sizes.
 * Addresses that are not library items are simply absent from the map.
 *
 * `alt` is the item's alt text in `language` (decision 030): its own in that language, else the default content
 * language's (the item's `alt`), with `altLanguage` saying which language it is in. Without a language: the item's `alt`.
 */
export async function findImagesByUrl(
  urls: Array<string | null | undefined>,
  language?: string,
): Promise<Map<string, ResponsiveImageSource>> {
  const wanted = [...new Set(urls.filter((url): url is string => !!url))];
  const found = new Map<string, ResponsiveImageSource>();
  if (!wanted.length) return found;
  const [rows, defaultLanguage] = await Promise.all([
    getDb().selectFrom('media').select(['url', 'alt', 'translations', 'width', 'height', 'variants']).where('url', 'in', wanted).execute(),
    language ? siteContentLanguage() : undefined,
  ]);
  for (const row of rows) {
    const translated =
      language && language !== defaultLanguage ? parseJson<MediaTranslations>(row.translations, {})[language]?.alt : undefined;
    found.set(row.url, {
      url: row.url,
      alt: translated || row.alt,
      ...(language ? { altLanguage: translated ? language : defaultLanguage } : {}),
      width: row.width,
      height: row.height,
      variants: storedVariants(row).map(({ width, height, url }) => ({ width, height, url })),
    });
  }
  return found;
}

/** One image's facts (its alt text in `language`, see findImagesByUrl), or null when the address is not a library item. */
export async function findImageByUrl(url: string | null | undefined, language?: string): Promise<ResponsiveImageSource | null> {
  if (!url) return null;
  return (await findImagesByUrl([url], language)).get(url) ?? null;
}

/** <img> attributes (src, srcset, dimensions) for each address, library images or not. */
export async function imageAttributesFor(urls: Array<string | null | undefined>): Promise<Record<string, ImageAttributes>> {
  const images = await findImagesByUrl(urls);
  const attributes: Record<string, ImageAttributes> = {};
  for (const url of urls) if (url) attributes[url] = imageAttributes(url, images.get(url));
  return attributes;
}
