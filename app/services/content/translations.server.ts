import { type Kysely, sql } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import { withoutSearchVector } from '#app/db/full-text.server.ts';
import type { Database } from '#app/db/schema.ts';
import { isLanguage, type Language, LANGUAGES } from '#app/i18n/languages.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import type { Paginated } from '#app/lib/paginated.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { conflict, forbidden, invalid, type Result } from '#app/services/failures.ts';
import { refreshMediaUsage } from '#app/services/media/media-usage.server.ts';
import { publicWrite } from '#app/services/public-write.server.ts';

import { defaultContentLanguage } from './content-language.server.ts';
import { audit, gone } from './editorial.server.ts';
import { editorial, type EditorialColumns } from './editorial-columns.server.ts';
import type { ContentKind, ContentTable, EditorialInput, ItemState } from './kind.ts';
import { freeSlug } from './slugs.server.ts';

/**
 * Translations (decisions 021 and 030): a page or post in another language is its own row of the same
 * `translation_group`, so every editorial mechanism (version check, revisions, autosave, scheduling, draft links)
 * works on it unchanged. The default-language row is the group's source; a translation records the source's
 * version it was made from (`source_revision`) and is outdated when the source has moved on.
 */

type Translatable<State extends ItemState> = ContentKind<EditorialInput, State>;

export type TranslationState = 'published' | 'scheduled' | 'draft' | 'review' | 'missing' | 'outdated';

export interface TranslationView {
  language: Language;
  /** Null when the item has no translation in this language. */
  id: string | null;
  title: string | null;
  slug: string | null;
  status: string | null;
  /** The source's version this translation follows; null for the source itself and for a missing translation. */
  sourceRevision: number | null;
  /** True when the source changed after this translation was made or confirmed. */
  outdated: boolean;
  isSource: boolean;
}

interface GroupRow {
  id: string;
  language: string;
  title: string;
  slug: string;
  status: string;
  version: number;
  source_revision: number | null;
  translation_group: string;
}

const groupColumns = ['id', 'language', 'title', 'slug', 'status', 'version', 'source_revision', 'translation_group'] as const;

function grouped(db: Kysely<Database>, table: ContentTable) {
  return (db as unknown as Kysely<Record<ContentTable, GroupRow>>).selectFrom(table).select([...groupColumns]);
}

/** The row of `id` and every row of its group (the trash left out), with the default language. */
async function groupOf(db: Kysely<Database>, table: ContentTable, id: string) {
  const row = await grouped(db, table).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const group = row.translation_group || row.id;
  const rows = await grouped(db, table).where('translation_group', '=', group).where('status', '<>', 'trash').execute();
  const defaultLanguage = await defaultContentLanguage(db);
  const source = rows.find((candidate) => candidate.language === defaultLanguage) ?? null;
  return { row, group, rows, source, defaultLanguage };
}

/** Whether a translation is behind its source: the source's version is past the one it was made from or confirmed against. */
export function isOutdated(sourceVersion: number | null | undefined, sourceRevision: number | null | undefined): boolean {
  return sourceVersion != null && sourceRevision != null && Number(sourceVersion) > Number(sourceRevision);
}

/** Every published language for the item `id`: its translation (with status and outdated flag) or a missing one. */
export async function listTranslations(kind: { table: ContentTable }, id: string): Promise<TranslationView[] | null> {
  const found = await groupOf(getDb(), kind.table, id);
  if (!found) return null;
  const { rows, source, defaultLanguage } = found;
  return LANGUAGES.map((language): TranslationView => {
    const row = rows.find((candidate) => candidate.language === language);
    if (!row) return { language, id: null, title: null, slug: null, status: null, sourceRevision: null, outdated: false, isSource: false };
    const isSource = language === defaultLanguage;
    return {
      language,
      id: row.id,
      title: row.title,
      slug: row.slug,
      status: row.status,
      sourceRevision: isSource ? null : row.source_revision === null ? null : Number(row.source_revision),
      outdated: !isSource && isOutdated(source?.version, row.source_revision),
      isSource,
    };
  });
}

/**
 * "Translate": starts the item's translation into `language` as a draft copy of the default-language source (its
 * title, content, excerpt, SEO fields and images; a post's categories), with the same slug unless another item of
 * that language uses it. The new row follows the source's current version. Answers the new row's id.
 */
export async function createTranslation<State extends ItemState>(
  kind: Translatable<State>,
  actor: Actor,
  id: string,
  language: string,
): Promise<Result<{ id: string }>> {
  if (!kind.mayWrite(actor)) return forbidden();
  if (!isLanguage(language)) return invalid({ language: 'Choose one of the site’s languages.' });
  const found = await groupOf(getDb(), kind.table, id);
  if (!found || found.row.status === 'trash') return gone(kind);
  const { group, rows, source, defaultLanguage } = found;
  if (!source) return conflict(`This ${kind.noun} has no version in the default language to translate from.`);
  if (language === defaultLanguage) return invalid({ language: `The default language’s version is the source of the translations.` });
  if (rows.some((row) => row.language === language))
    return conflict(`This ${kind.noun} already has a translation in that language. Open it from the language switcher.`);
  const sourceState = await kind.find(getDb(), source.id);
  if (!sourceState || !kind.canEdit(actor, sourceState)) return forbidden();
  return publicWrite(async (trx) => {
    const full = await editorial(trx).selectFrom(kind.table).selectAll().where('id', '=', source.id).executeTakeFirst();
    if (!full) return gone(kind);
    // The trash keeps a translation in the group: it is restored, not made twice.
    const trashed = await grouped(trx, kind.table)
      .where('translation_group', '=', group)
      .where('language', '=', language)
      .executeTakeFirst();
    if (trashed) return conflict(`This ${kind.noun}’s translation in that language is in the trash. Restore it instead.`);
    const now = nowIso();
    const newRowId = newId();
    const slug = await freeSlug(trx, kind.table, full.slug, language);
    const row: EditorialColumns & Record<string, unknown> = {
      ...withoutSearchVector(full),
      ...kind.createValues?.(actor),
      id: newRowId,
      slug,
      status: 'draft',
      publish_date: null,
      scheduled_by: null,
      version: 1,
      created_at: now,
      updated_at: now,
      language,
      translation_group: group,
      source_revision: Number(full.version),
      // A post's views are counted per translation: the French article starts at none, not at the English count.
      ...('views' in full ? { views: 0 } : {}),
    };
    await editorial(trx).insertInto(kind.table).values(row).execute();
    await kind.afterTranslate?.(trx, source.id, newRowId);
    await refreshMediaUsage(trx, { kind: kind.table === 'pages' ? 'page' : 'post', id: newRowId });
    await audit(trx, kind, actor, 'content.translated', newRowId);
    return { ok: true as const, id: newRowId };
  });
}

/**
 * "Confirm up to date": the translation `id` follows its source's current version again, without a change of its
 * own (its version stays, so an editor open on it can still save).
 */
export async function confirmTranslation<State extends ItemState>(
  kind: Translatable<State>,
  actor: Actor,
  id: string,
): Promise<Result<{ id: string; sourceRevision: number }>> {
  if (!kind.mayWrite(actor)) return forbidden();
  const found = await groupOf(getDb(), kind.table, id);
  if (!found || found.row.status === 'trash') return gone(kind);
  const state = await kind.find(getDb(), id);
  if (!state || !kind.canEdit(actor, state)) return forbidden();
  if (found.row.language === found.defaultLanguage) return invalid({ language: 'The default language’s version is the source.' });
  if (!found.source) return conflict(`This ${kind.noun} has no version in the default language.`);
  const sourceRevision = Number(found.source.version);
  return publicWrite(async (trx) => {
    await editorial(trx).updateTable(kind.table).set({ source_revision: sourceRevision }).where('id', '=', id).execute();
    await audit(trx, kind, actor, 'content.translation_confirmed', id);
    return { ok: true as const, id, sourceRevision };
  });
}

/**
 * The admin lists show one row per item (decision 030): the row the item was made as (its translation group is its own
 * id; older rows have none), whatever the language; translations are reached from it. A row-level test, so a list
 * still walks its index (a correlated "has a default-language row" check made SQLite scan the table).
 */
export function oneRowPerItem(table: ContentTable) {
  return sql<boolean>`(${sql.ref(`${table}.translation_group`)} = ${sql.ref(`${table}.id`)} or ${sql.ref(`${table}.translation_group`)} = '')`;
}

/** Items with no live translation in `language` (the lists' "missing in French" filter). */
export function missingIn(table: ContentTable, language: string) {
  return sql<boolean>`not exists (select 1 from ${sql.table(table)} as other
    where other.translation_group = ${sql.ref(`${table}.translation_group`)} and other.language = ${language} and other.status <> 'trash')`;
}

/** Each item's state in every published language, for the lists' language columns: keyed by translation group. */
export async function translationStates(table: ContentTable, groups: string[]): Promise<Map<string, Record<Language, TranslationState>>> {
  const states = new Map<string, Record<Language, TranslationState>>();
  if (!groups.length) return states;
  const db = getDb();
  const defaultLanguage = await defaultContentLanguage(db);
  const rows = await grouped(db, table)
    .where('translation_group', 'in', [...new Set(groups)])
    .where('status', '<>', 'trash')
    .execute();
  for (const group of new Set(groups)) {
    const members = rows.filter((row) => row.translation_group === group);
    const source = members.find((row) => row.language === defaultLanguage);
    const entry = {} as Record<Language, TranslationState>;
    for (const language of LANGUAGES) {
      const row = members.find((member) => member.language === language);
      if (!row) entry[language] = 'missing';
      else if (language !== defaultLanguage && isOutdated(source?.version, row.source_revision)) entry[language] = 'outdated';
      else entry[language] = row.status as TranslationState;
    }
    states.set(group, entry);
  }
  return states;
}

/** A screen of list rows with each item's state in every published language (`translations`), its group column dropped. */
export async function withTranslationStates<Row extends { id: string; translation_group: string }>(
  table: ContentTable,
  screen: Paginated<Row>,
): Promise<Paginated<Omit<Row, 'translation_group'> & { translations: Record<Language, TranslationState> }>> {
  const states = await translationStates(
    table,
    screen.items.map((item) => item.translation_group || item.id),
  );
  return {
    ...screen,
    items: screen.items.map(({ translation_group, ...item }) => ({
      ...item,
      translations: states.get(translation_group || item.id) ?? noTranslations(),
    })),
  };
}

/** A row whose group could not be read (never in practice): every language missing. */
export const noTranslations = () =>
  Object.fromEntries(LANGUAGES.map((language) => [language, 'missing'])) as Record<Language, TranslationState>;

/** The published translations of a group, by language: what hreflang and the language switcher may point at. */
export async function publishedTranslations(table: ContentTable, group: string): Promise<Partial<Record<Language, string>>> {
  const rows = await grouped(getDb(), table).where('translation_group', '=', group).where('status', '=', 'published').execute();
  const slugs: Partial<Record<Language, string>> = {};
  for (const row of rows) if (isLanguage(row.language)) slugs[row.language] = row.slug;
  return slugs;
}
