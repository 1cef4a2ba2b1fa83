import { getDb } from '#app/db/client.server.ts';
import { type ImageAttributes, imageAttributes, type ResponsiveImageSource } from '#app/lib/responsive-image.ts';

import { storedVariants } from './media-rows.server.ts';

/**
 * The library's facts about images shown by address (hero image, logo,
 * featured images): size, alt text and WebP variants, for srcset/sizes.
 * Addresses that are not library items are simply absent from the map.
 */
export async function findImagesByUrl(urls: Array<string | null | undefined>): Promise<Map<string, ResponsiveImageSource>> {
  const wanted = [...new Set(urls.filter((url): url is string => !!url))];
  const found = new Map<string, ResponsiveImageSource>();
  if (!wanted.length) return found;
  const rows = await getDb().selectFrom('media').select(['url', 'alt', 'width', 'height', 'variants']).where('url', 'in', wanted).execute();
  for (const row of rows) {
    found.set(row.url, {
      url: row.url,
      alt: row.alt,
      width: row.width,
      height: row.height,
      variants: storedVariants(row).map(({ width, height, url }) => ({ width, height, url })),
    });
  }
  return found;
}

/** One image's facts, or null when the address is not a library item. */
export async function findImageByUrl(url: string | null | undefined): Promise<ResponsiveImageSource | null> {
  if (!url) return null;
  return (await findImagesByUrl([url])).get(url) ?? null;
}

/** <img> attributes (src, srcset, dimensions) for each address, library images or not. */
export async function imageAttributesFor(urls: Array<string | null | undefined>): Promise<Record<string, ImageAttributes>> {
  const images = await findImagesByUrl(urls);
  const attributes: Record<string, ImageAttributes> = {};
  for (const url of urls) if (url) attributes[url] = imageAttributes(url, images.get(url));
  return attributes;
}
