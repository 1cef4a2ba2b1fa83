import type { Kysely } from 'kysely';

import type { Database } from '#app/db/schema.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import { displayFileName, titleFromFileName } from '#app/lib/file-names.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import type { MediaItem } from '#app/lib/media-item.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';

import { detectFileType } from './detect-type.server.ts';
import { processImage } from './image-variants.server.ts';
import { type StoredVariant, toMediaItem } from './media-rows.server.ts';
import { objectMetaFor } from './media-storage.ts';
import { getStorage, publicUrlForKey } from './storage.server.ts';
import { openUploadJournal } from './upload-journal.server.ts';

export interface ReceivedFile {
  /** A complete local file (the upload's temporary file); moved into storage on success. */
  path: string;
  /** The name the sender gave; only displayed, never used as a path. */
  name: string;
  /** The type the sender claimed; checked against the content. */
  claimedMime: string;
  size: number;
}

/** Where a new item's files go: a generated name under the month it arrived, never the sender's name. */
function storageKeyFor(id: string, ext: string, now: string): string {
  return `${now.slice(0, 4)}/${now.slice(5, 7)}/${id}.${ext}`;
}

/** The key of a variant: the original's key with its width and .webp instead of the extension. */
export function variantKeyFor(key: string, width: number): string {
  return `${key.replace(/\.[^./]+$/, '')}-${width}w.webp`;
}

/**
 * Stores one received file as a media item: checks its real type, records an
 * image's size, makes its variants, then moves the file into storage and adds
 * the row. Anything failing on the way removes what was written: no orphan
 * file, no row. Every file is on the disk (content and name synced) before the
 * row is committed, and the upload's journal lets a restart remove the files of
 * a process killed before its commit (`recoverInterruptedUploads`).
 */
export async function createMediaFromFile(
  file: ReceivedFile,
  options: {
    storageKey?: string;
    uploadedBy?: string | null;
    /** Title, alt text and description to store instead of the ones drawn from the file name. */
    details?: { title?: string; alt?: string; description?: string };
    /**
     * More writes committed with the row, in its transaction (an importer's record of where the item came from), so
     * a process that dies never leaves a row without them: the journal then removes the files, and a re-run starts over.
     */
    recordWith?: (trx: Kysely<Database>, item: MediaItem) => Promise<unknown>;
  } = {},
): Promise<MediaItem> {
  const name = displayFileName(file.name);
  const type = await detectFileType(file.path, { name, mime: file.claimedMime });
  const image = type.kind === 'image' ? await processImage(file.path, type.mime, name) : { width: null, height: null, variants: [] };

  const id = newId();
  const now = nowIso();
  const key = options.storageKey ?? storageKeyFor(id, type.ext, now);
  const storage = getStorage();
  const written: string[] = [];
  const journal = await openUploadJournal(key, [...image.variants.map((variant) => variantKeyFor(key, variant.width)), key]);
  try {
    const variants: StoredVariant[] = [];
    for (const variant of image.variants) {
      const variantKey = variantKeyFor(key, variant.width);
      written.push(variantKey);
      await storage.putBuffer(variantKey, variant.data, { contentType: 'image/webp' });
      variants.push({
        width: variant.width,
        height: variant.height,
        key: variantKey,
        url: publicUrlForKey(variantKey),
        size: variant.data.length,
      });
    }
    written.push(key);
    await storage.putFile(key, file.path, objectMetaFor(type.mime, name));
    const title = options.details?.title || titleFromFileName(name);
    const row = {
      id,
      title,
      description: options.details?.description ?? '',
      type: type.kind,
      mime_type: type.mime,
      storage_key: key,
      url: publicUrlForKey(key),
      original_name: name,
      file_size: file.size,
      width: image.width,
      height: image.height,
      alt: options.details?.alt || title,
      translations: '{}',
      tags: '[]',
      variants: JSON.stringify(variants),
      uploaded_by: options.uploadedBy ?? null,
      created_at: now,
      updated_at: now,
    };
    await writeTransaction(async (trx) => {
      await trx.insertInto('media').values(row).execute();
      await recordAudit(trx, {
        actor: row.uploaded_by ? { id: row.uploaded_by } : null,
        action: 'media.uploaded',
        target: { type: 'media', id, label: name },
        details: { type: type.mime, size: file.size },
      });
      await options.recordWith?.(trx, toMediaItem(row));
    });
    await journal.close();
    return toMediaItem(row);
  } catch (error) {
    const removed = await Promise.all(
      written.map((key) =>
        storage.remove(key).then(
          () => true,
          () => false,
        ),
      ),
    );
    // A file that could not be removed stays listed: the next start removes it.
    if (removed.every(Boolean)) await journal.close();
    throw error;
  }
}
