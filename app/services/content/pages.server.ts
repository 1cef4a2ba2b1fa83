import { sql } from 'kysely';
import { getDb } from '#app/db/client.server.ts';
import type { PageRow } from '#app/db/schema.ts';
import { containsText } from '#app/db/text-search.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import { type Actor, canDeletePages, canTrashPages, pageStatusesFor } from '#app/lib/content-permissions.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import { hasPermission } from '#app/lib/permissions.ts';
import { isReservedPageSlug } from '#app/lib/slug.ts';
import { fromDateTimeLocal } from '#app/schemas/content-fields.ts';
import type { PageForm } from '#app/schemas/page.ts';
import { COUNT_CAP, countUpTo, type Paginated, PAGE_SIZE, pageCountFor } from './pagination.ts';
import { CONFLICT, FORBIDDEN, NOT_FOUND, type WriteResult } from './results.ts';
import { freeSlug, slugInUse, slugTakenMessage } from './slugs.server.ts';
import { isUniqueViolation } from './unique-violation.server.ts';
import { invalidatePublicCache } from '#app/services/cache/html-cache.server.ts';

export type PageSummary = Pick<PageRow, 'id' | 'title' | 'slug' | 'status' | 'updated_at'>;

/** The list (everything but the trash) or the trash, searched by title, newest change first, one screen at a time. */
export async function listPages(options: { trash: boolean; search: string; page: number }): Promise<Paginated<PageSummary>> {
  const db = getDb();
  let query = db.selectFrom('pages').where('status', options.trash ? '=' : '<>', 'trash');
  if (options.search) query = query.where(containsText('title', options.search));
  const total = await countUpTo(query.select(sql<number>`1`.as('one')), COUNT_CAP + 1);
  const pageCount = pageCountFor(Math.min(total, COUNT_CAP));
  const page = Math.min(options.page, pageCount);
  const items = await query
    .select(['id', 'title', 'slug', 'status', 'updated_at'])
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  return { items, total: Math.min(total, COUNT_CAP), more: total > COUNT_CAP, page, pageCount };
}

export async function getPage(id: string): Promise<PageRow | undefined> {
  return getDb().selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The dashboard's Total Pages: every page that is not in the trash. */
export async function countPages(): Promise<number> {
  const row = await getDb().selectFrom('pages').select((eb) => eb.fn.countAll<number>().as('total')).where('status', '<>', 'trash').executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The dashboard's Recent Pages: published, newest modification first. */
export async function recentPublishedPages(limit = 5): Promise<PageSummary[]> {
  return getDb()
    .selectFrom('pages')
    .select(['id', 'title', 'slug', 'status', 'updated_at'])
    .where('status', '=', 'published')
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute();
}

function pageValues(input: PageForm, now: string) {
  return {
    title: input.title,
    slug: input.slug,
    content: input.content,
    status: input.status,
    meta_description: input.metaDescription,
    meta_keywords: input.metaKeywords,
    og_image: input.ogImage || null,
    // A published page always has a date; any other status has none.
    publish_date: input.status === 'published' ? (input.publishDate ? fromDateTimeLocal(input.publishDate) : now) : null,
    updated_at: now,
  };
}

async function checkPageInput(actor: Actor, input: PageForm, exceptId?: string): Promise<WriteResult<object>> {
  if (!hasPermission(actor, 'manage_pages')) return FORBIDDEN;
  if (!pageStatusesFor(actor).includes(input.status)) return FORBIDDEN;
  if (isReservedPageSlug(input.slug)) {
    return { ok: false, reason: 'invalid', field: 'slug', message: `“${input.slug}” is used by the site itself. Choose a different slug.` };
  }
  if (await slugInUse(getDb(), 'pages', input.slug, exceptId)) {
    return { ok: false, reason: 'invalid', field: 'slug', message: slugTakenMessage('page', input.slug) };
  }
  return { ok: true };
}

const slugRace = (input: PageForm) => ({ ok: false, reason: 'invalid', field: 'slug', message: slugTakenMessage('page', input.slug) }) as const;

export async function createPage(actor: Actor, input: PageForm): Promise<WriteResult> {
  const checked = await checkPageInput(actor, input);
  if (!checked.ok) return checked;
  const now = nowIso();
  const id = newId();
  try {
    await getDb().insertInto('pages').values({ id, ...pageValues(input, now), version: 1, created_at: now }).execute();
  } catch (error) {
    if (isUniqueViolation(error)) return slugRace(input);
    throw error;
  }
  invalidatePublicCache();
  return { ok: true, id };
}

/**
 * Saves an edit made on `input.version`. The version is checked by the UPDATE itself, so two
 * editors saving at the same moment cannot both win: the later one is told, never overwritten.
 * Changing a published page (or publishing one) needs publish_pages.
 */
export async function updatePage(actor: Actor, id: string, input: PageForm & { version: number }): Promise<WriteResult> {
  const current = await getDb().selectFrom('pages').select(['status', 'version']).where('id', '=', id).executeTakeFirst();
  if (!current) return NOT_FOUND;
  if (current.status === 'published' && !hasPermission(actor, 'publish_pages')) return FORBIDDEN;
  const checked = await checkPageInput(actor, input, id);
  if (!checked.ok) return checked;
  try {
    const result = await getDb()
      .updateTable('pages')
      .set({ ...pageValues(input, nowIso()), version: sql<number>`version + 1` })
      .where('id', '=', id)
      .where('version', '=', input.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return (await getPage(id)) ? CONFLICT : NOT_FOUND;
  } catch (error) {
    if (isUniqueViolation(error)) return slugRace(input);
    throw error;
  }
  invalidatePublicCache();
  return { ok: true, id };
}

/** Moves a page to the trash (reversible, so manage_pages is enough; a published one also needs publish_pages). */
export async function trashPage(actor: Actor, id: string): Promise<WriteResult> {
  if (!canTrashPages(actor)) return FORBIDDEN;
  const current = await getDb().selectFrom('pages').select(['status']).where('id', '=', id).executeTakeFirst();
  if (!current || current.status === 'trash') return NOT_FOUND;
  if (current.status === 'published' && !hasPermission(actor, 'publish_pages')) return FORBIDDEN;
  await getDb()
    .updateTable('pages')
    .set({ status: 'trash', updated_at: nowIso(), version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('status', '<>', 'trash')
    .execute();
  invalidatePublicCache();
  return { ok: true, id };
}

/** Restores a page from the trash, always as a draft; if a live page took its slug meanwhile it gets `slug-2`. */
export async function restorePage(actor: Actor, id: string): Promise<WriteResult<{ id: string; slug: string; renamed: boolean }>> {
  if (!canTrashPages(actor)) return FORBIDDEN;
  const result: WriteResult<{ id: string; slug: string; renamed: boolean }> = await writeTransaction(async (trx) => {
    const current = await trx.selectFrom('pages').select(['slug', 'status']).where('id', '=', id).executeTakeFirst();
    if (!current || current.status !== 'trash') return NOT_FOUND;
    const slug = await freeSlug(trx, 'pages', current.slug, id);
    await trx
      .updateTable('pages')
      .set({ status: 'draft', slug, publish_date: null, updated_at: nowIso(), version: sql<number>`version + 1` })
      .where('id', '=', id)
      .execute();
    return { ok: true, id, slug, renamed: slug !== current.slug };
  });
  // After the commit, so no visitor's render can cache the old version under the new generation.
  if (result.ok) invalidatePublicCache();
  return result;
}

/** Deletes a page for good; only from the trash, only with delete_pages. */
export async function deletePage(actor: Actor, id: string): Promise<WriteResult> {
  if (!canDeletePages(actor)) return FORBIDDEN;
  const result = await getDb().deleteFrom('pages').where('id', '=', id).where('status', '=', 'trash').executeTakeFirst();
  if (!Number(result.numDeletedRows)) return NOT_FOUND;
  invalidatePublicCache();
  return { ok: true, id };
}
