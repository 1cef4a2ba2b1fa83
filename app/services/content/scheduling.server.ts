import { type Kysely, sql } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { nowIso } from '#app/lib/ids.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import { conflict, forbidden, notFound, type Result } from '#app/services/failures.ts';
import { notify } from '#app/services/notifications/notifications.server.ts';
import { publicWrite } from '#app/services/public-write.server.ts';
import { contentPublishedAt } from '#app/services/redirects/redirects.server.ts';

import { itemPath } from './editorial.server.ts';
import type { ContentKind, ContentTable, EditorialInput, ItemState } from './kind.ts';

/** What the publishing job needs of a kind. */
type Publishable = Pick<ContentKind<EditorialInput>, 'table' | 'noun' | 'publicPath'>;

interface ScheduledColumns {
  id: string;
  language: string;
  title: string;
  slug: string;
  status: string;
  publish_date: string | null;
  scheduled_by: string | null;
  version: number;
  updated_at: string;
}

function scheduled(db: Kysely<Database>): Kysely<Record<ContentTable, ScheduledColumns & { author_id?: string | null }>> {
  return db as unknown as Kysely<Record<ContentTable, ScheduledColumns & { author_id?: string | null }>>;
}

/** The scheduler acts as nobody: the audit log names it. */
const SCHEDULER = { name: 'Scheduled publishing' };

/**
 * Makes every scheduled item of `kind` whose publish date has come published, each in its own public write (the
 * cached pages, sitemap and feed change), audited and told to whoever scheduled it and to a post's author. The
 * UPDATE itself checks the item is still scheduled and due, so two schedulers racing publish (and notify) once.
 * Answers the ids this call published.
 */
export async function publishDueItems(kind: Publishable, now = nowIso()): Promise<string[]> {
  const due = await scheduled(getDb())
    .selectFrom(kind.table)
    .select('id')
    .where('status', '=', 'scheduled')
    .where('publish_date', '<=', now)
    .orderBy('publish_date')
    .limit(100)
    .execute();
  const published: string[] = [];
  for (const { id } of due) if (await publishOne(kind, id, now)) published.push(id);
  return published;
}

async function publishOne(kind: Publishable, id: string, now: string): Promise<boolean> {
  const told = await publicWrite(async (trx) => {
    const before = await scheduled(trx).selectFrom(kind.table).selectAll().where('id', '=', id).executeTakeFirst();
    const result = await scheduled(trx)
      .updateTable(kind.table)
      .set({ status: 'published', scheduled_by: null, updated_at: nowIso(), version: sql<number>`version + 1` })
      .where('id', '=', id)
      .where('status', '=', 'scheduled')
      .where('publish_date', '<=', now)
      .executeTakeFirst();
    if (!before || Number(result.numUpdatedRows) !== 1) return null;
    await recordAudit(trx, { actor: SCHEDULER, action: 'content.published', target: { type: kind.noun, id, label: before.title } });
    const path = await itemPath(trx, kind, before.slug, before.language);
    await contentPublishedAt(trx, SCHEDULER, path);
    // Whoever scheduled it, and a post's author, are told it went live (once each), with the publish.
    const people = new Set([before.author_id, before.scheduled_by].filter((person): person is string => !!person));
    const noun = kind.noun.charAt(0).toUpperCase() + kind.noun.slice(1);
    for (const userId of people)
      await notify({ kind: 'content_published', userId, message: `${noun} “${before.title}” is now live`, link: path }, trx);
    return people;
  });
  return told !== null;
}

/** "Unschedule": a scheduled item goes back to draft (no date), if it was not changed since it was opened. */
export async function unscheduleItem<State extends ItemState>(
  kind: ContentKind<EditorialInput, State>,
  actor: Actor,
  id: string,
  version: number,
): Promise<Result<{ id: string }>> {
  if (!kind.mayWrite(actor)) return forbidden();
  const current = await kind.find(getDb(), id);
  if (!current) return notFound(`This ${kind.noun} no longer exists.`);
  if (!kind.canEdit(actor, current)) return forbidden();
  if (current.status !== 'scheduled') return conflict(`This ${kind.noun} is not scheduled.`);
  return publicWrite(async (trx) => {
    const result = await scheduled(trx)
      .updateTable(kind.table)
      .set({ status: 'draft', publish_date: null, scheduled_by: null, updated_at: nowIso(), version: sql<number>`version + 1` })
      .where('id', '=', id)
      .where('status', '=', 'scheduled')
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1)
      return conflict(`This ${kind.noun} was changed by someone else since you opened it. Your changes have not been saved.`);
    const title = (await scheduled(trx).selectFrom(kind.table).select('title').where('id', '=', id).executeTakeFirst())?.title ?? null;
    await recordAudit(trx, {
      actor: { id: actor.id, name: actor.name },
      action: 'content.unscheduled',
      target: { type: kind.noun, id, label: title },
    });
    return { ok: true as const, id };
  });
}
