import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import type { Insertable } from 'kysely';
import sharp from 'sharp';

import type { MediaTable } from '#app/db/schema.ts';
import { newId } from '#app/lib/ids.ts';
import { mediaKindOf } from '#app/lib/media-kind.ts';
import { VARIANT_WIDTHS } from '#app/services/media/image-variants.server.ts';
import type { StoredVariant } from '#app/services/media/media-rows.server.ts';
import { objectMetaFor } from '#app/services/media/media-storage.ts';
import { getStorage, publicUrlForKey } from '#app/services/media/storage.server.ts';
import { variantKeyFor } from '#app/services/media/upload-media.server.ts';

import { seedMedia } from './seed/media.ts';

/** The seeded files and their ready-made variants (see scripts/make-seed-media.ts), relative to the working directory like public/. */
export const SEED_MEDIA_DIR = path.resolve('app/services/startup/seed/files');

async function copyIntoStorage(file: string, key: string, mime: string): Promise<{ size: number; width?: number; height?: number }> {
  const data = await readFile(path.join(SEED_MEDIA_DIR, file));
  await getStorage().putBuffer(key, data, objectMetaFor(mime, file));
  const meta = await sharp(data).metadata();
  return { size: data.length, width: meta.autoOrient?.width ?? meta.width, height: meta.autoOrient?.height ?? meta.height };
}

/**
 * Copies the seeded media into the upload storage under seed/ (so they are
 * served, listed and deleted like uploads) and returns their rows, with real
 * sizes and dimensions. A file missing from a trimmed deployment is skipped.
 */
export async function storeSeedMedia(now: string): Promise<Insertable<MediaTable>[]> {
  const rows: Insertable<MediaTable>[] = [];
  for (const item of seedMedia) {
    if (!existsSync(path.join(SEED_MEDIA_DIR, item.file))) continue;
    const key = `seed/${item.file}`;
    const original = await copyIntoStorage(item.file, key, item.mime);
    const variants: StoredVariant[] = [];
    for (const width of VARIANT_WIDTHS) {
      const variantFile = variantKeyFor(item.file, width);
      if (!existsSync(path.join(SEED_MEDIA_DIR, variantFile))) continue;
      const variantKey = variantKeyFor(key, width);
      const copied = await copyIntoStorage(variantFile, variantKey, 'image/webp');
      variants.push({ width: copied.width!, height: copied.height!, key: variantKey, url: publicUrlForKey(variantKey), size: copied.size });
    }
    rows.push({
      id: newId(),
      title: item.title,
      description: '',
      type: mediaKindOf(item.mime),
      mime_type: item.mime,
      storage_key: key,
      url: publicUrlForKey(key),
      original_name: item.file,
      file_size: original.size,
      width: original.width ?? null,
      height: original.height ?? null,
      alt: item.alt,
      translations: JSON.stringify('translations' in item ? item.translations : {}),
      tags: JSON.stringify(item.tags),
      variants: JSON.stringify(variants),
      created_at: now,
      updated_at: now,
    });
  }
  return rows;
}
