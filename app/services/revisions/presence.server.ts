import { getDb } from '#app/db/client.server.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { forbidden, type Result } from '#app/services/failures.ts';

import { mayEditItem } from './may-edit.server.ts';
import type { RevisionKind } from './revisions.server.ts';

/** How long without a heartbeat (the editor sends one every 15 s) before someone no longer counts as there. */
const PRESENCE_TTL_MS = 60_000;

export interface OtherEditor {
  name: string;
  since: string;
  mode: 'editing' | 'viewing';
}

export interface PresenceAnswer {
  /** The others who have the item open now, editors first. */
  others: OtherEditor[];
  /** Set when someone took the item over from this tab: who. */
  takenOverBy: string | null;
}

const freshSince = (now: Date) => new Date(now.getTime() - PRESENCE_TTL_MS).toISOString();

/** The others who have the item open now (editors first), for the editor's banner. */
export async function others(actor: Actor, kind: RevisionKind, itemId: string, now: Date): Promise<OtherEditor[]> {
  const rows = await getDb()
    .selectFrom('edit_presence')
    .innerJoin('users', 'users.id', 'edit_presence.user_id')
    .select(['users.name', 'edit_presence.since', 'edit_presence.mode'])
    .where('edit_presence.item_kind', '=', kind)
    .where('edit_presence.item_id', '=', itemId)
    .where('edit_presence.user_id', '<>', actor.id)
    .where('edit_presence.heartbeat_at', '>', freshSince(now))
    .where('edit_presence.taken_over_by', 'is', null)
    .orderBy('edit_presence.since')
    .execute();
  const list = rows.map((row) => ({
    name: row.name,
    since: row.since,
    mode: row.mode === 'editing' ? ('editing' as const) : ('viewing' as const),
  }));
  return [...list.filter((row) => row.mode === 'editing'), ...list.filter((row) => row.mode === 'viewing')];
}

/**
 * The editor's heartbeat (docs/product.md, "Edit presence"): records that this user has the item open in this tab
 * (editing or read-only) and answers who else has it, and whether someone took it over from this tab. A heartbeat
 * from a tab that was taken over changes nothing: the tab must be reopened.
 */
export async function heartbeat(
  actor: Actor,
  input: { kind: RevisionKind; itemId: string; tabId: string; mode: 'editing' | 'viewing' },
  now = new Date(),
): Promise<Result<PresenceAnswer>> {
  if (!(await mayEditItem(actor, input.kind, input.itemId))) return forbidden();
  const db = getDb();
  const at = now.toISOString();
  const mine = await db
    .selectFrom('edit_presence')
    .select(['tab_id', 'taken_over_by', 'heartbeat_at'])
    .where('item_kind', '=', input.kind)
    .where('item_id', '=', input.itemId)
    .where('user_id', '=', actor.id)
    .executeTakeFirst();
  if (mine?.taken_over_by && mine.tab_id === input.tabId) {
    return { ok: true, others: await others(actor, input.kind, input.itemId, now), takenOverBy: mine.taken_over_by };
  }
  const reopened = !mine || mine.tab_id !== input.tabId || mine.heartbeat_at <= freshSince(now);
  await db
    .insertInto('edit_presence')
    .values({
      item_kind: input.kind,
      item_id: input.itemId,
      user_id: actor.id,
      tab_id: input.tabId,
      mode: input.mode,
      since: at,
      heartbeat_at: at,
    })
    .onConflict((conflict) =>
      conflict.columns(['item_kind', 'item_id', 'user_id']).doUpdateSet({
        tab_id: input.tabId,
        mode: input.mode,
        heartbeat_at: at,
        taken_over_by: null,
        ...(reopened ? { since: at } : {}),
      }),
    )
    .execute();
  return { ok: true, others: await others(actor, input.kind, input.itemId, now), takenOverBy: null };
}

/** "Take over": this user becomes the item's editor; everyone else editing it is told at their next heartbeat. */
export async function takeOver(
  actor: Actor & { name: string },
  input: { kind: RevisionKind; itemId: string; tabId: string },
): Promise<Result> {
  if (!(await mayEditItem(actor, input.kind, input.itemId))) return forbidden();
  await getDb()
    .updateTable('edit_presence')
    .set({ taken_over_by: actor.name })
    .where('item_kind', '=', input.kind)
    .where('item_id', '=', input.itemId)
    .where('user_id', '<>', actor.id)
    .where('mode', '=', 'editing')
    .where('taken_over_by', 'is', null)
    .execute();
  const answer = await heartbeat(actor, { ...input, mode: 'editing' });
  return answer.ok ? { ok: true } : answer;
}

/** The editor closed (or left for another screen): the user no longer counts as there. */
export async function leaveItem(actor: Actor, input: { kind: RevisionKind; itemId: string; tabId: string }): Promise<Result> {
  if (!(await mayEditItem(actor, input.kind, input.itemId))) return forbidden();
  await getDb()
    .deleteFrom('edit_presence')
    .where('item_kind', '=', input.kind)
    .where('item_id', '=', input.itemId)
    .where('user_id', '=', actor.id)
    .where('tab_id', '=', input.tabId)
    .where('taken_over_by', 'is', null)
    .execute();
  return { ok: true };
}

/** The lists' marker: for each of `itemIds`, the name of someone else editing it now. */
export async function editorsOf(actor: Actor, kind: RevisionKind, itemIds: string[], now = new Date()): Promise<Record<string, string>> {
  if (itemIds.length === 0) return {};
  const rows = await getDb()
    .selectFrom('edit_presence')
    .innerJoin('users', 'users.id', 'edit_presence.user_id')
    .select(['edit_presence.item_id', 'users.name'])
    .where('edit_presence.item_kind', '=', kind)
    .where('edit_presence.item_id', 'in', itemIds)
    .where('edit_presence.user_id', '<>', actor.id)
    .where('edit_presence.mode', '=', 'editing')
    .where('edit_presence.taken_over_by', 'is', null)
    .where('edit_presence.heartbeat_at', '>', freshSince(now))
    .execute();
  return Object.fromEntries(rows.map((row) => [row.item_id, row.name]));
}

/** Presence rows whose heartbeat stopped long ago (a closed laptop): pruned with the revisions. */
export async function prunePresence(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  const result = await getDb().deleteFrom('edit_presence').where('heartbeat_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
