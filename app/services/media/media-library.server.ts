import { getDb } from '#app/db/client.server.ts';
import { containsText } from '#app/db/text-search.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import { nowIso } from '#app/lib/ids.ts';
import type { MediaItem } from '#app/lib/media-item.ts';
import type { MediaKind } from '#app/lib/media-kind.ts';
import { canManageAllMedia, canManageMediaItem, type UserWithRole } from '#app/lib/permissions.ts';
import { type AuditActor, recordAudit } from '#app/services/audit/record-audit.server.ts';
import { forbidden, notFound, type Result } from '#app/services/failures.ts';

import { storedVariants, toMediaItem } from './media-rows.server.ts';
import { getStorage } from './storage.server.ts';
import { usedInFor } from './used-in.server.ts';

export const MEDIA_PAGE_SIZE = 48;

export interface MediaQuery {
  search?: string;
  type?: MediaKind;
  page?: number;
  pageSize?: number;
}

export interface MediaPage {
  items: MediaItem[];
  total: number;
  page: number;
  pageCount: number;
}

/** One page of the library, newest first; search matches title or description (docs/product.md, Validation messages). */
export async function listMedia(query: MediaQuery, options: { withUsedIn?: boolean } = {}): Promise<MediaPage> {
  const pageSize = query.pageSize ?? MEDIA_PAGE_SIZE;
  const term = query.search?.trim();
  let base = getDb().selectFrom('media');
  if (query.type) base = base.where('type', '=', query.type);
  if (term) base = base.where((eb) => eb.or([containsText('title', term), containsText('description', term)]));

  const { count } = await base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, query.page ?? 1), pageCount);
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const usedIn = options.withUsedIn ? await usedInFor(rows) : new Map<string, string[]>();
  return { items: rows.map((row) => toMediaItem(row, usedIn.get(row.id))), total, page, pageCount };
}

export interface MediaEdit {
  title: string;
  description: string;
  alt: string;
  tags: string[];
}

/** Who is changing the library: their id and role decide which items they may change. */
export type MediaActor = UserWithRole & { id: string };

export const NOT_YOUR_MEDIA = 'You can only edit or delete media you uploaded.';

/**
 * Whether the actor may change every one of these items that still exists. Items that no longer exist are
 * left to the caller (not found for an edit, skipped by a delete).
 */
async function mayManage(actor: MediaActor, ids: string[]): Promise<boolean> {
  if (canManageAllMedia(actor)) return true;
  const rows = await getDb().selectFrom('media').select(['id', 'uploaded_by']).where('id', 'in', ids).execute();
  return rows.every((row) => canManageMediaItem(actor, { uploadedBy: row.uploaded_by ?? null }));
}

/** Edit Media: the input has passed `mediaEditSchema`. Someone else's item is refused (forbidden), a gone one is not found. */
export async function updateMedia(actor: MediaActor, id: string, edit: MediaEdit): Promise<Result> {
  if (!(await mayManage(actor, [id]))) return forbidden(NOT_YOUR_MEDIA);
  return writeTransaction(async (trx) => {
    let query = trx
      .updateTable('media')
      .set({ title: edit.title, description: edit.description, alt: edit.alt, tags: JSON.stringify(edit.tags), updated_at: nowIso() })
      .where('id', '=', id);
    // The same rule again in the write itself, so an item changing hands between the check and the write is safe.
    if (!canManageAllMedia(actor)) query = query.where('uploaded_by', '=', actor.id);
    const result = await query.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return notFound('This media item no longer exists.');
    await recordAudit(trx, { actor: { id: actor.id }, action: 'media.updated', target: { type: 'media', id, label: edit.title } });
    return { ok: true as const };
  });
}

/** Deletes the items the actor may delete; refuses the whole request (forbidden) if any of them is someone else's. */
export async function deleteMediaAs(actor: MediaActor, ids: string[]): Promise<Result<{ deleted: number }>> {
  if (!ids.length) return { ok: true, deleted: 0 };
  if (!(await mayManage(actor, ids))) return forbidden(NOT_YOUR_MEDIA);
  return { ok: true, deleted: await deleteMedia(ids, canManageAllMedia(actor) ? undefined : actor.id, { id: actor.id }) };
}

/**
 * Deletes items and their files. Rows go first, in one transaction with an audit entry per item
 * (by `actor`; nobody for the clean-up of a failed upload), so a failure leaves everything in
 * place; files are removed once no row points at them. Returns how many items were deleted.
 */
export async function deleteMedia(ids: string[], onlyUploadedBy?: string, actor: AuditActor = null): Promise<number> {
  if (!ids.length) return 0;
  const rows = await writeTransaction(async (trx) => {
    let query = trx.selectFrom('media').select(['id', 'storage_key', 'variants', 'original_name']).where('id', 'in', ids);
    if (onlyUploadedBy !== undefined) query = query.where('uploaded_by', '=', onlyUploadedBy);
    const found = await query.execute();
    if (found.length)
      await trx
        .deleteFrom('media')
        .where(
          'id',
          'in',
          found.map((row) => row.id),
        )
        .execute();
    for (const row of found) {
      await recordAudit(trx, { actor, action: 'media.deleted', target: { type: 'media', id: row.id, label: row.original_name } });
    }
    return found;
  });
  const storage = getStorage();
  const keys = rows.flatMap((row) => [row.storage_key, ...storedVariants(row).map((variant) => variant.key)]);
  await Promise.all(keys.map((key) => storage.remove(key).catch((error) => console.error(`Could not remove media file ${key}:`, error))));
  return rows.length;
}

/** Items by id with where each is used: for the delete confirmation. */
export async function mediaWithUsage(ids: string[]): Promise<MediaItem[]> {
  if (!ids.length) return [];
  const rows = await getDb().selectFrom('media').selectAll().where('id', 'in', ids).execute();
  const usedIn = await usedInFor(rows);
  return rows.map((row) => toMediaItem(row, usedIn.get(row.id)));
}
