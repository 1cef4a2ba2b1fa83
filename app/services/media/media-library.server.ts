import { sql } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import { boundedSearch, listCondition, screenSlice } from '#app/db/full-text.server.ts';
import { nowIso } from '#app/lib/ids.ts';
import type { MediaItem, MediaTranslations } from '#app/lib/media-item.ts';
import type { MediaKind } from '#app/lib/media-kind.ts';
import { pageOf, type Paginated } from '#app/lib/paginated.ts';
import { type Actor, canManageAllMedia, canManageMediaItem, type Permission } from '#app/lib/permissions.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import { FILTERED_COUNT_CAP } from '#app/services/content/pagination.server.ts';
import { forbidden, notFound, refuseWithout, type Result } from '#app/services/failures.ts';
import { publicWrite } from '#app/services/public-write.server.ts';

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

/** One page of the library, newest first; search matches words of the title, description or alt text (title matches first). */
export async function listMedia(query: MediaQuery, options: { withUsedIn?: boolean } = {}): Promise<Paginated<MediaItem>> {
  const pageSize = query.pageSize ?? MEDIA_PAGE_SIZE;
  const term = query.search?.trim();
  let base = getDb().selectFrom('media');
  if (query.type) base = base.where('type', '=', query.type);
  // The newest matches, a bounded number: a word in most items costs what a rare one does.
  const search = term
    ? await boundedSearch('media', term, base, FILTERED_COUNT_CAP + 1, [
        [sql`created_at`, 'desc'],
        [sql`id`, 'asc'],
      ])
    : null;
  const narrowed = listCondition(search);
  if (narrowed) base = base.where(narrowed);

  const matches = search?.count ?? Number((await base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()).count);
  const total = search ? Math.min(matches, FILTERED_COUNT_CAP) : matches;
  const { page, pageCount, offset } = pageOf(total, query.page ?? 1, pageSize);
  let items = base.selectAll();
  if (search) items = items.orderBy(search.titleHit, 'desc');
  // A search's screen: its rows alone, read by id (the search put its matches in order).
  const slice = screenSlice('media', search, offset, pageSize);
  const rows = await (slice ? items.where(slice) : items)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(pageSize)
    .offset(slice ? 0 : offset)
    .execute();
  const usedIn = options.withUsedIn ? await usedInFor(rows) : new Map<string, string[]>();
  return { items: rows.map((row) => toMediaItem(row, usedIn.get(row.id))), total, more: matches > total, page, pageCount };
}

export interface MediaEdit {
  title: string;
  description: string;
  alt: string;
  /** The other languages' alt text and description; undefined keeps the stored ones, `{}` clears them. */
  translations?: MediaTranslations;
  tags: string[];
}

/** The non-empty fields of each language, as stored (an empty field is the default language's). */
function storedTranslations(translations: MediaTranslations): string {
  const kept: MediaTranslations = {};
  for (const [language, fields] of Object.entries(translations)) {
    const filled = Object.fromEntries(Object.entries(fields ?? {}).filter(([, value]) => !!value?.trim()));
    if (Object.keys(filled).length) kept[language] = filled;
  }
  return JSON.stringify(kept);
}

/** The Media Library screen's permission, which every change to the library needs. */
const MEDIA_PERMISSION: Permission = 'manage_media';

export const NOT_YOUR_MEDIA = 'You can only edit or delete media you uploaded.';

/**
 * Whether the actor may change every one of these items that still exists. Items that no longer exist are
 * left to the caller (not found for an edit, skipped by a delete).
 */
async function mayManage(actor: Actor, ids: string[]): Promise<boolean> {
  if (canManageAllMedia(actor)) return true;
  const rows = await getDb().selectFrom('media').select(['id', 'uploaded_by']).where('id', 'in', ids).execute();
  return rows.every((row) => canManageMediaItem(actor, { uploadedBy: row.uploaded_by ?? null }));
}

/** Edit Media: the input has passed `mediaEditSchema`. Someone else's item is refused (forbidden), a gone one is not found. */
export async function updateMedia(actor: Actor, id: string, edit: MediaEdit): Promise<Result> {
  const refused = refuseWithout(actor, MEDIA_PERMISSION);
  if (refused) return refused;
  if (!(await mayManage(actor, [id]))) return forbidden(NOT_YOUR_MEDIA);
  // Titles and alt texts show on public pages: a public write.
  return publicWrite(async (trx) => {
    let query = trx
      .updateTable('media')
      .set({
        title: edit.title,
        description: edit.description,
        alt: edit.alt,
        ...(edit.translations ? { translations: storedTranslations(edit.translations) } : {}),
        tags: JSON.stringify(edit.tags),
        updated_at: nowIso(),
      })
      .where('id', '=', id);
    // The same rule again in the write itself, so an item changing hands between the check and the write is safe.
    if (!canManageAllMedia(actor)) query = query.where('uploaded_by', '=', actor.id);
    const result = await query.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return notFound('This media item no longer exists.');
    await recordAudit(trx, { actor, action: 'media.updated', target: { type: 'media', id, label: edit.title } });
    return { ok: true as const };
  });
}

/** Deletes the items the actor may delete; refuses the whole request (forbidden) if any of them is someone else's. */
export async function deleteMediaAs(actor: Actor, ids: string[]): Promise<Result<{ deleted: number }>> {
  const refused = refuseWithout(actor, MEDIA_PERMISSION);
  if (refused) return refused;
  if (!ids.length) return { ok: true, deleted: 0 };
  if (!(await mayManage(actor, ids))) return forbidden(NOT_YOUR_MEDIA);
  return { ok: true, deleted: await deleteMedia(ids, { onlyUploadedBy: canManageAllMedia(actor) ? undefined : actor.id, actor }) };
}

/**
 * Deletes items and their files (deleteMediaAs, after its checks; the clean-up of a failed upload). Rows go first,
 * in one public write with an audit entry per item (by `actor`; nobody for the clean-up), so a failure leaves
 * everything in place; files are removed once no row points at them. Returns how many items were deleted.
 */
export async function deleteMedia(ids: string[], options: { onlyUploadedBy?: string; actor?: Actor } = {}): Promise<number> {
  const { onlyUploadedBy, actor = null } = options;
  if (!ids.length) return 0;
  const rows = await publicWrite(async (trx) => {
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
