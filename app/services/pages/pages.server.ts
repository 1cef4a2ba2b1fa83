import { sql, type SqlBool } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import { fullTextSearch, withoutSearchVector } from '#app/db/full-text.server.ts';
import type { PageRow } from '#app/db/schema.ts';
import { isLanguage, type Language, LANGUAGES } from '#app/i18n/languages.ts';
import { canDeletePages, canEditPage, canTrashPages, pageStatusesFor } from '#app/lib/content-permissions.ts';
import { nowIso } from '#app/lib/ids.ts';
import { localizedPath } from '#app/lib/language-paths.ts';
import type { Paginated } from '#app/lib/paginated.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { hasPermission } from '#app/lib/permissions.ts';
import { isReservedPageSlug } from '#app/lib/slug.ts';
import type { PageForm } from '#app/schemas/page.ts';
import { defaultContentLanguage } from '#app/services/content/content-language.server.ts';
import { createDraftLink, listDraftLinks, revokeDraftLink } from '#app/services/content/draft-links.server.ts';
import { createItem, deleteItem, restoreItem, trashItem, updateItem } from '#app/services/content/editorial.server.ts';
import type { ContentKind } from '#app/services/content/kind.ts';
import { COUNT_CAP, listScreen } from '#app/services/content/pagination.server.ts';
import { publishDueItems, unscheduleItem } from '#app/services/content/scheduling.server.ts';
import { type BulkStatus, setItemStatus } from '#app/services/content/status-change.server.ts';
import { statusFilter } from '#app/services/content/status-filters.server.ts';
import {
  confirmTranslation,
  createTranslation,
  listTranslations,
  missingIn,
  oneRowPerItem,
  type TranslationState,
  withTranslationStates,
} from '#app/services/content/translations.server.ts';
import { invalid } from '#app/services/failures.ts';

export type PageListRow = Pick<PageRow, 'id' | 'title' | 'slug' | 'status' | 'publish_date' | 'updated_at' | 'language'> & {
  /** The item's state in each published language (decision 030). */
  translations: Record<Language, TranslationState>;
};

/** Pages in the editorial core: manage_pages writes, publish_pages publishes, delete_pages deletes for good. */
const pageKind: ContentKind<PageForm> = {
  table: 'pages',
  noun: 'page',
  publicPath: (slug) => `/${slug}`,
  mayWrite: (actor) => hasPermission(actor, 'manage_pages'),
  mayTrash: canTrashPages,
  mayDelete: canDeletePages,
  canEdit: canEditPage,
  canTrash: canEditPage,
  statusesFor: pageStatusesFor,
  find: (db, id) =>
    db.selectFrom('pages').select(['status', 'slug', 'language', 'title', 'publish_date']).where('id', '=', id).executeTakeFirst(),
  values: (input) => ({ og_image: input.ogImage || null }),
  async check(_db, input) {
    return isReservedPageSlug(input.slug)
      ? invalid({ slug: `“${input.slug}” is used by the site itself. Choose a different slug.` })
      : null;
  },
};

export const createPage = (actor: Actor, input: PageForm) => createItem(pageKind, actor, input);
export const updatePage = (actor: Actor, id: string, input: PageForm & { version: number }) => updateItem(pageKind, actor, id, input);
export const trashPage = (actor: Actor, id: string) => trashItem(pageKind, actor, id);
export const restorePage = (actor: Actor, id: string) => restoreItem(pageKind, actor, id);
export const deletePage = (actor: Actor, id: string) => deleteItem(pageKind, actor, id);
export const setPageStatus = (actor: Actor, id: string, status: BulkStatus) => setItemStatus(pageKind, actor, id, status);
export const sharePageDraftLink = (actor: Actor, id: string) => createDraftLink(pageKind, actor, id);
export const revokePageDraftLink = (actor: Actor, id: string, linkId: string) => revokeDraftLink(pageKind, actor, id, linkId);
export const listPageDraftLinks = (id: string) => listDraftLinks(pageKind, id);
export const unschedulePage = (actor: Actor, id: string, version: number) => unscheduleItem(pageKind, actor, id, version);
export const translatePage = (actor: Actor, id: string, language: string) => createTranslation(pageKind, actor, id, language);
export const confirmPageTranslation = (actor: Actor, id: string) => confirmTranslation(pageKind, actor, id);
export const pageTranslations = (id: string) => listTranslations(pageKind, id);
/** The publishing job's work for pages: scheduled pages whose time has come go live. */
export const publishDuePages = (now?: string) => publishDueItems(pageKind, now);

/**
 * The list (everything but the trash: one row per item, its default-language translation) or the trash (every
 * trashed row), searched by words of the title, newest change first, one screen at
 * a time; `missing`: only items without a translation in that language.
 */
export async function listPages(options: {
  trash: boolean;
  search: string;
  page: number;
  status?: string;
  missing?: string;
}): Promise<Paginated<PageListRow>> {
  let query = getDb()
    .selectFrom('pages')
    .where('status', options.trash ? '=' : '<>', 'trash');
  if (!options.trash) query = query.where(oneRowPerItem('pages'));
  if (!options.trash && isLanguage(options.missing)) query = query.where(missingIn('pages', options.missing));
  const narrowed = options.trash ? null : statusFilter(options.status).condition(nowIso());
  if (narrowed) query = query.where(narrowed);
  const search = options.search ? fullTextSearch('pages', options.search) : null;
  // Page search is by title (the spec): the index finds the pages holding the words, the title must hold them all.
  if (search) query = query.where(search.matches).where(sql<SqlBool>`${search.titleHit} = 1`);
  let items = query.select(['id', 'title', 'slug', 'status', 'publish_date', 'updated_at', 'language', 'translation_group']);
  if (search) items = items.orderBy(search.titleHit, 'desc');
  const screen = await listScreen({
    countQuery: query,
    itemsQuery: items.orderBy('updated_at', 'desc').orderBy('id', 'desc'),
    page: options.page,
    cap: COUNT_CAP,
  });
  return withTranslationStates('pages', screen);
}

export async function getPage(id: string): Promise<PageRow | undefined> {
  const row = await getDb().selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();
  return row && withoutSearchVector(row);
}

/**
 * The dashboard's Total Pages: items, not rows (decision 030): a page and its translations are one page, counted
 * once; `byLanguage` says how many pages have a live row in each language ("9 pages, 3 in French"). The trash is
 * left out.
 */
export async function countPages(): Promise<{ items: number; byLanguage: Partial<Record<Language, number>> }> {
  const db = getDb();
  const [items, languages] = await Promise.all([
    db
      .selectFrom('pages')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('status', '<>', 'trash')
      .where(oneRowPerItem('pages'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('pages')
      .select(['language', (eb) => eb.fn.countAll<number>().as('total')])
      .where('status', '<>', 'trash')
      .groupBy('language')
      .execute(),
  ]);
  const byLanguage: Partial<Record<Language, number>> = {};
  for (const row of languages) if (isLanguage(row.language)) byLanguage[row.language] = Number(row.total);
  return { items: Number(items.total), byLanguage };
}

/**
 * The dashboard's Recent Pages: published or scheduled, newest modification first, one entry per page (its most
 * recently changed translation, with its language and public path).
 */
export async function recentPublishedPages(
  limit = 5,
): Promise<Array<Pick<PageRow, 'id' | 'title' | 'slug' | 'status' | 'publish_date' | 'updated_at' | 'language'> & { path: string }>> {
  const db = getDb();
  const [rows, defaultLanguage] = await Promise.all([
    db
      .selectFrom('pages')
      .select(['id', 'title', 'slug', 'status', 'publish_date', 'updated_at', 'language', 'translation_group'])
      .where('status', 'in', ['published', 'scheduled'])
      .orderBy('updated_at', 'desc')
      .limit(limit * LANGUAGES.length)
      .execute(),
    defaultContentLanguage(db),
  ]);
  const seen = new Set<string>();
  const recent = [];
  for (const { translation_group, ...row } of rows) {
    const group = translation_group || row.id;
    if (seen.has(group)) continue;
    seen.add(group);
    recent.push({ ...row, path: localizedPath(`/${row.slug}`, row.language, defaultLanguage) });
  }
  return recent.slice(0, limit);
}
