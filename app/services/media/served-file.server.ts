import { getDb } from '#app/db/client.server.ts';
import type { MediaKind } from '#app/lib/media-kind.ts';

import { isSafeKey } from './media-storage.ts';

export interface ServedFile {
  key: string;
  mime: string;
  kind: MediaKind;
  /** The sender's file name, for the download name of documents. */
  name: string;
}

const VARIANT_KEY = /-\d+w\.webp$/;

/**
 * What /media/<key> serves: an item's original (typed by its row, so the
 * content type is the detected one) or one of its WebP variants. Keys no row
 * knows are not served, so a deleted item's address stops working at once.
 */
export async function findServedFile(key: string): Promise<ServedFile | null> {
  if (!isSafeKey(key)) return null;
  if (VARIANT_KEY.test(key)) return { key, mime: 'image/webp', kind: 'image', name: key.split('/').pop()! };
  const row = await getDb()
    .selectFrom('media')
    .select(['mime_type', 'type', 'original_name'])
    .where('storage_key', '=', key)
    .executeTakeFirst();
  return row ? { key, mime: row.mime_type, kind: row.type, name: row.original_name } : null;
}
