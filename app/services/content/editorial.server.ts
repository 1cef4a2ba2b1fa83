import { type Kysely, sql } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import type { AuditAction } from '#app/lib/audit-actions.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import { localizedPath } from '#app/lib/language-paths.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { fromDateTimeLocal } from '#app/schemas/content-fields.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import { conflict, type Failure, forbidden, invalid, notFound, type Result } from '#app/services/failures.ts';
import { refreshMediaUsage, type UsageReferrer } from '#app/services/media/media-usage.server.ts';
import { publicWrite } from '#app/services/public-write.server.ts';
import { contentPublishedAt } from '#app/services/redirects/redirects.server.ts';
import { forgetItemHistory, recordRevision, type RevisionKind } from '#app/services/revisions/revisions.server.ts';

import { defaultContentLanguage } from './content-language.server.ts';
import { editorial, type EditorialColumns } from './editorial-columns.server.ts';
import type { ContentKind, ContentTable, EditorialInput, ItemState } from './kind.ts';
import { freeSlug, slugInUse, slugTakenMessage } from './slugs.server.ts';
import { storedStatus } from './statuses.ts';
import { isUniqueViolation } from './unique-violation.server.ts';

/**
 * The mechanics pages and posts share, written once. The order of checks is the same for every
 * kind and verb: what the actor may do with the kind at all (403), whether the item exists (404),
 * what they may do with this item (403), then the input (400), then the version (409).
 */

type Kind<Input extends EditorialInput, State extends ItemState> = ContentKind<Input, State>;

export const gone = (kind: { noun: string }) => notFound(`This ${kind.noun} no longer exists.`);
const slugTaken = (kind: { noun: string }, slug: string) => invalid({ slug: slugTakenMessage(kind.noun, slug) });

function sharedValues(input: EditorialInput, now: string, actor: Actor) {
  // A published item always has a date; any other status has none. Published with a date to come is scheduled.
  const publishDate = input.status === 'published' ? (input.publishDate ? fromDateTimeLocal(input.publishDate) : now) : null;
  const status = storedStatus(input.status, publishDate, now);
  return {
    title: input.title,
    slug: input.slug,
    content: input.content,
    status,
    meta_description: input.metaDescription,
    meta_keywords: input.metaKeywords,
    publish_date: publishDate,
    scheduled_by: status === 'scheduled' ? actor.id : null,
    updated_at: now,
  };
}

/** Where an item of `kind` with this slug and language is served: the kind's path, prefixed outside the default language. */
export async function itemPath(db: Kysely<Database>, kind: { publicPath(slug: string): string }, slug: string, language: string) {
  return localizedPath(kind.publicPath(slug), language, await defaultContentLanguage(db));
}

/** Content events go to the audit log in the write's own transaction. */
export async function audit(
  trx: Kysely<Database>,
  kind: { noun: string; table: ContentTable },
  actor: Actor,
  action: AuditAction,
  id: string,
  title?: string,
) {
  const label = title ?? (await editorial(trx).selectFrom(kind.table).select('title').where('id', '=', id).executeTakeFirst())?.title;
  await recordAudit(trx, { actor: { id: actor.id, name: actor.name }, action, target: { type: kind.noun, id, label: label ?? null } });
}

async function checkInput<Input extends EditorialInput, State extends ItemState>(
  kind: Kind<Input, State>,
  actor: Actor,
  input: Input,
  language: string,
  exceptId?: string,
): Promise<Failure | null> {
  if (!kind.statusesFor(actor).includes(input.status)) return forbidden();
  const db = getDb();
  const refused = kind.check ? await kind.check(db, input) : null;
  if (refused) return refused;
  if (await slugInUse(db, kind.table, input.slug, language, exceptId)) return slugTaken(kind, input.slug);
  return null;
}

/**
 * Every save keeps a revision with the full saved state (the form's values, without the version) and drops the
 * saver's own autosave of the item, which the save has just made old (decision 027).
 */
async function keepRevision(
  trx: Kysely<Database>,
  kind: { noun: string },
  actor: Actor,
  id: string,
  version: number,
  input: EditorialInput,
) {
  const { version: _opened, ...state } = input as EditorialInput & { version?: number };
  const revisionKind = kind.noun as RevisionKind;
  await recordRevision(trx, { kind: revisionKind, itemId: id, version, state, published: input.status === 'published', savedBy: actor.id });
  await trx
    .deleteFrom('autosaves')
    .where('user_id', '=', actor.id)
    .where('item_kind', '=', revisionKind)
    .where('item_key', '=', id)
    .execute();
}

/** The media a page or post uses is recorded by each write of it (`media_usage`), in the write's transaction. */
const usageOf = (kind: { table: ContentTable }, id: string): UsageReferrer => ({ kind: kind.table === 'pages' ? 'page' : 'post', id });

export const inTrash = (kind: { noun: string }) => conflict(`This ${kind.noun} is in the trash. Restore it before editing it.`);

/** Runs a write that may lose a race for a slug to another save; that race gets the same message as the pre-check. */
async function guardSlugRace<T>(kind: { noun: string }, slug: string, write: () => Promise<T>): Promise<T | Failure> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) return slugTaken(kind, slug);
    throw error;
  }
}

export async function createItem<Input extends EditorialInput, State extends ItemState>(
  kind: Kind<Input, State>,
  actor: Actor,
  input: Input,
): Promise<Result<{ id: string }>> {
  if (!kind.mayWrite(actor)) return forbidden();
  // A new item is written in the default language, the first of its translation group (decision 030).
  const language = await defaultContentLanguage(getDb());
  const refused = await checkInput(kind, actor, input, language);
  if (refused) return refused;
  const now = nowIso();
  const id = newId();
  const shared = sharedValues(input, now, actor);
  const row: EditorialColumns = {
    id,
    ...shared,
    ...kind.values(input),
    ...kind.createValues?.(actor),
    version: 1,
    created_at: now,
    language,
    translation_group: id,
  };
  return guardSlugRace(kind, input.slug, () =>
    publicWrite(async (trx) => {
      await editorial(trx).insertInto(kind.table).values(row).execute();
      await kind.afterSave?.(trx, id, input);
      await refreshMediaUsage(trx, usageOf(kind, id));
      await keepRevision(trx, kind, actor, id, 1, input);
      if (shared.status === 'published') {
        await audit(trx, kind, actor, 'content.published', id);
        await contentPublishedAt(trx, actor, await itemPath(trx, kind, input.slug, language));
      }
      if (shared.status === 'scheduled') await audit(trx, kind, actor, 'content.scheduled', id);
      return { ok: true as const, id };
    }),
  );
}

/**
 * Saves an edit made on `input.version`. The version is checked by the UPDATE itself, so two
 * editors saving at the same moment cannot both win: the later one is told, never overwritten.
 */
export async function updateItem<Input extends EditorialInput, State extends ItemState>(
  kind: Kind<Input, State>,
  actor: Actor,
  id: string,
  input: Input & { version: number },
): Promise<Result<{ id: string }>> {
  if (!kind.mayWrite(actor)) return forbidden();
  const current = await kind.find(getDb(), id);
  if (!current) return gone(kind);
  if (!kind.canEdit(actor, current)) return forbidden();
  // Leaving the trash is Restore's job (with its own permission); a save never does it.
  if (current.status === 'trash') return refusedSave(kind, id, input.version);
  const refused = await checkInput(kind, actor, input, current.language, id);
  if (refused) return refused;
  const shared = sharedValues(input, nowIso(), actor);
  // An article edited in place (same address, status, title and date) changes its own page and the lists that show
  // it; other articles' pages stay cached. Anything else (a page, a move, a status change: menus, redirects, links; a
  // new title or date: the previous and next links of the articles around it) drops all.
  const inPlace =
    kind.table === 'blog_posts' &&
    current.slug === input.slug &&
    current.status === shared.status &&
    current.title === shared.title &&
    current.publish_date === shared.publish_date;
  const saved = await guardSlugRace(kind, input.slug, () =>
    publicWrite(
      async (trx) => {
        const result = await editorial(trx)
          .updateTable(kind.table)
          .set({ ...shared, ...kind.values(input), version: sql<number>`version + 1` })
          .where('id', '=', id)
          .where('version', '=', input.version)
          .where('status', '<>', 'trash')
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return { ok: false as const };
        await kind.afterSave?.(trx, id, input);
        await refreshMediaUsage(trx, usageOf(kind, id));
        await keepRevision(trx, kind, actor, id, input.version + 1, input);
        if (shared.status === 'published' && current.status !== 'published') await audit(trx, kind, actor, 'content.published', id);
        if (shared.status === 'scheduled' && current.status !== 'scheduled') await audit(trx, kind, actor, 'content.scheduled', id);
        // A published item keeps its old address working when its slug changes (301), and takes its path back from any redirect.
        if (shared.status === 'published') {
          const movedFrom =
            current.status === 'published' && current.slug !== input.slug
              ? await itemPath(trx, kind, current.slug, current.language)
              : undefined;
          const refused = await contentPublishedAt(trx, actor, await itemPath(trx, kind, input.slug, current.language), movedFrom);
          if (refused) throw new Error(`The redirect from ${movedFrom ?? ''} could not be made: ${JSON.stringify(refused)}`);
        }
        return { ok: true as const, id };
      },
      inPlace ? { articles: [input.slug] } : undefined,
    ),
  );
  if (saved.ok) return saved;
  if ('reason' in saved) return saved;
  return refusedSave(kind, id, input.version);
}

/** Why a save changed nothing: the item is gone, was changed since it was opened, or is in the trash. */
async function refusedSave(kind: { noun: string; table: ContentTable }, id: string, version: number): Promise<Failure> {
  const now = await editorial(getDb()).selectFrom(kind.table).select(['status', 'version']).where('id', '=', id).executeTakeFirst();
  if (!now) return gone(kind);
  if (Number(now.version) !== version)
    return conflict(`This ${kind.noun} was changed by someone else since you opened it. Your changes have not been saved.`);
  return inTrash(kind);
}

/** Moves an item to the trash (reversible); the version moves on, so an editor left open cannot save over it. */
export async function trashItem<State extends ItemState>(
  kind: Kind<EditorialInput, State>,
  actor: Actor,
  id: string,
): Promise<Result<{ id: string }>> {
  if (!kind.mayTrash(actor)) return forbidden();
  return publicWrite(async (trx) => {
    const current = await kind.find(trx, id);
    if (!current || current.status === 'trash') return gone(kind);
    if (!kind.canTrash(actor, current)) return forbidden();
    await editorial(trx)
      .updateTable(kind.table)
      .set({ status: 'trash', updated_at: nowIso(), version: sql<number>`version + 1` })
      .where('id', '=', id)
      .execute();
    await audit(trx, kind, actor, 'content.trashed', id);
    return { ok: true, id };
  });
}

/** Restores an item from the trash, always as a draft; if a live item took its slug meanwhile it gets `slug-2`. */
export async function restoreItem<State extends ItemState>(
  kind: Kind<EditorialInput, State>,
  actor: Actor,
  id: string,
): Promise<Result<{ id: string; slug: string; renamed: boolean }>> {
  if (!kind.mayTrash(actor)) return forbidden();
  return publicWrite(async (trx) => {
    const current = await kind.find(trx, id);
    if (!current || current.status !== 'trash') return gone(kind);
    if (!kind.canTrash(actor, current)) return forbidden();
    const slug = await freeSlug(trx, kind.table, current.slug, current.language, id);
    await editorial(trx)
      .updateTable(kind.table)
      .set({ status: 'draft', slug, publish_date: null, updated_at: nowIso(), version: sql<number>`version + 1` })
      .where('id', '=', id)
      .execute();
    await audit(trx, kind, actor, 'content.restored', id);
    return { ok: true, id, slug, renamed: slug !== current.slug };
  });
}

/** Deletes an item for good; only from the trash. */
export async function deleteItem<State extends ItemState>(
  kind: Kind<EditorialInput, State>,
  actor: Actor,
  id: string,
): Promise<Result<{ id: string }>> {
  if (!kind.mayDelete(actor)) return forbidden();
  return publicWrite(async (trx) => {
    const title = (await editorial(trx).selectFrom(kind.table).select('title').where('id', '=', id).executeTakeFirst())?.title;
    const result = await editorial(trx).deleteFrom(kind.table).where('id', '=', id).where('status', '=', 'trash').executeTakeFirst();
    if (!Number(result.numDeletedRows)) return gone(kind);
    await refreshMediaUsage(trx, usageOf(kind, id));
    await forgetItemHistory(trx, kind.noun as RevisionKind, id);
    await audit(trx, kind, actor, 'content.deleted', id, title);
    return { ok: true, id };
  });
}
