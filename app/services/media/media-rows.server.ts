import type { MediaRow } from '#app/db/schema.ts';
import { parseJson } from '#app/lib/json.ts';
import type { MediaItem, MediaTranslations, MediaVariant } from '#app/lib/media-item.ts';

/** A variant as stored in media.variants (JSON). */
export interface StoredVariant extends MediaVariant {
  key: string;
  size: number;
}

export function storedVariants(row: Pick<MediaRow, 'variants'>): StoredVariant[] {
  return parseJson<StoredVariant[]>(row.variants, []);
}

export function toMediaItem(row: MediaRow, usedIn: string[] = []): MediaItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    mimeType: row.mime_type,
    url: row.url,
    originalName: row.original_name,
    fileSize: Number(row.file_size),
    dimensions: row.width && row.height ? { width: row.width, height: row.height } : null,
    alt: row.alt,
    translations: parseJson<MediaTranslations>(row.translations, {}),
    tags: parseJson<string[]>(row.tags, []),
    variants: storedVariants(row).map(({ width, height, url }) => ({ width, height, url })),
    uploadedAt: row.created_at,
    lastModified: row.updated_at,
    uploadedBy: row.uploaded_by ?? null,
    usedIn,
  };
}
