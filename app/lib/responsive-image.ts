import type { MediaVariant } from './media-item.ts';

/** An image with what the browser needs to choose a size: see findImagesByUrl (services/media). */
export interface ResponsiveImageSource {
  url: string;
  alt: string;
  /** The language `alt` is written in, when it was asked for in a language (findImagesByUrl). */
  altLanguage?: string;
  width: number | null;
  height: number | null;
  variants: MediaVariant[];
}

/**
 * The srcset for an image: its WebP variants by width, then the original at
 * its own width (so wide screens still get full quality). Empty when there is
 * nothing to choose from, so the plain src is used.
 */
export function srcSetFor(url: string, variants: readonly Pick<MediaVariant, 'url' | 'width'>[], originalWidth?: number | null): string {
  if (!variants.length) return '';
  const entries = [...variants].sort((a, b) => a.width - b.width).map((variant) => `${variant.url} ${variant.width}w`);
  const widest = Math.max(...variants.map((variant) => variant.width));
  if (originalWidth && originalWidth > widest) entries.push(`${url} ${originalWidth}w`);
  return entries.join(', ');
}

/** The smallest variant at least `minWidth` wide (for thumbnails), else the original. */
export function thumbnailUrl(url: string, variants: readonly Pick<MediaVariant, 'url' | 'width'>[], minWidth = 320): string {
  const fit = [...variants].sort((a, b) => a.width - b.width).find((variant) => variant.width >= minWidth);
  return fit?.url ?? url;
}

/** What an <img> needs to let the browser pick a size: worked out on the server, so pages ship no code for it. */
export interface ImageAttributes {
  src: string;
  srcSet?: string;
  width?: number;
  height?: number;
}

/** The <img> attributes for `url`, using the library's facts about it when it is a library image. */
export function imageAttributes(url: string, image: ResponsiveImageSource | null | undefined): ImageAttributes {
  if (!image) return { src: url };
  const srcSet = srcSetFor(image.url, image.variants, image.width);
  return { src: image.url, srcSet: srcSet || undefined, width: image.width ?? undefined, height: image.height ?? undefined };
}
