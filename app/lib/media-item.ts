import type { MediaKind } from './media-kind.ts';

/** One resized WebP copy of an image. */
export interface MediaVariant {
  width: number;
  height: number;
  url: string;
}

/** An item's alt text and description in the site's other languages (`{fr: {alt, description}}`); empty or absent: the default language's. */
export type MediaTranslations = Partial<Record<string, { alt?: string; description?: string }>>;

/** A media library item as screens see it (docs/product.md, Data: Media item). */
export interface MediaItem {
  id: string;
  title: string;
  description: string;
  type: MediaKind;
  mimeType: string;
  url: string;
  originalName: string;
  fileSize: number;
  dimensions: { width: number; height: number } | null;
  alt: string;
  /** Alt text and description per language other than the default (decision 030). */
  translations: MediaTranslations;
  tags: string[];
  variants: MediaVariant[];
  uploadedAt: string;
  lastModified: string;
  /** The uploader's user id; null for items that belong to the staff. */
  uploadedBy: string | null;
  /** Places that reference the item, worked out from the content (e.g. 'Hero Section', 'Blog post “Hello”'). */
  usedIn: string[];
}

/** What the media picker hands to the field that opened it. */
export interface PickedMedia {
  id: string;
  url: string;
  alt: string;
  width: number | null;
  height: number | null;
}
