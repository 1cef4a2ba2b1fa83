import { getDb } from '#app/db/client.server.ts';
import { nowIso } from '#app/lib/ids.ts';
import { parseJson } from '#app/lib/json.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { forbidden, invalid, type Result } from '#app/services/failures.ts';

import { mayEditItem, NEW_ITEM_KEY } from './may-edit.server.ts';
import type { RevisionKind } from './revisions.server.ts';

/** The editor form's fields as sent: a field sent several times (categories) is a list. */
export type AutosaveFields = Record<string, string | string[]>;

export interface Autosave {
  itemKey: string;
  seq: number;
  fields: AutosaveFields;
  title: string;
  baseVersion: number | null;
  savedAt: string;
}

/** An autosave holds at most this much form text (the content field's own limit is 200 000 characters). */
const MAX_FIELDS_JSON = 600_000;

/**
 * Keeps the user's own autosave of an item (docs/product.md, "Autosave"): never the item itself, its status or the
 * public site. Requests carry a growing `seq`; the write happens only when it is higher than the stored one, in the
 * statement itself, so a late request never replaces newer text. Answers the seq the server now holds and when.
 */
export async function saveAutosave(
  actor: Actor,
  input: { kind: RevisionKind; itemKey: string; seq: number; fields: AutosaveFields; baseVersion: number | null },
): Promise<Result<{ seq: number; savedAt: string }>> {
  if (!(await mayEditItem(actor, input.kind, input.itemKey))) return forbidden();
  if (!Number.isSafeInteger(input.seq) || input.seq < 1) return invalid({ seq: 'The autosave has no valid sequence number.' });
  const fields = JSON.stringify(input.fields);
  if (fields.length > MAX_FIELDS_JSON) return invalid({ fields: 'This is too much text to autosave.' });
  const now = nowIso();
  const title = typeof input.fields.title === 'string' ? input.fields.title.slice(0, 200) : '';
  await getDb()
    .insertInto('autosaves')
    .values({
      user_id: actor.id,
      item_kind: input.kind,
      item_key: input.itemKey,
      seq: input.seq,
      fields,
      title,
      base_version: input.baseVersion,
      updated_at: now,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'item_kind', 'item_key'])
        .doUpdateSet({ seq: input.seq, fields, title, base_version: input.baseVersion, updated_at: now })
        .where('autosaves.seq', '<', input.seq),
    )
    .execute();
  const held = await getDb()
    .selectFrom('autosaves')
    .select(['seq', 'updated_at'])
    .where('user_id', '=', actor.id)
    .where('item_kind', '=', input.kind)
    .where('item_key', '=', input.itemKey)
    .executeTakeFirstOrThrow();
  return { ok: true, seq: Number(held.seq), savedAt: held.updated_at };
}

/** The user's autosave of an item, if any. */
export async function getAutosave(actor: Actor, kind: RevisionKind, itemKey: string): Promise<Autosave | null> {
  const row = await getDb()
    .selectFrom('autosaves')
    .select(['item_key', 'seq', 'fields', 'title', 'base_version', 'updated_at'])
    .where('user_id', '=', actor.id)
    .where('item_kind', '=', kind)
    .where('item_key', '=', itemKey)
    .executeTakeFirst();
  return row ? toAutosave(row) : null;
}

function toAutosave(row: {
  item_key: string;
  seq: number;
  fields: string;
  title: string;
  base_version: number | null;
  updated_at: string;
}) {
  return {
    itemKey: row.item_key,
    seq: Number(row.seq),
    fields: parseJson<AutosaveFields>(row.fields, {}),
    title: row.title,
    baseVersion: row.base_version === null ? null : Number(row.base_version),
    savedAt: row.updated_at,
  };
}

/** "Discard" on the autosave offer, and a new item's autosave once it is saved: only the user's own. */
export async function discardAutosave(actor: Actor, kind: RevisionKind, itemKey: string): Promise<Result> {
  if (!(await mayEditItem(actor, kind, itemKey))) return forbidden();
  await getDb()
    .deleteFrom('autosaves')
    .where('user_id', '=', actor.id)
    .where('item_kind', '=', kind)
    .where('item_key', '=', itemKey)
    .execute();
  return { ok: true };
}

/** The user's autosaved pages or posts that were never saved: the list's Drafts, newest first. */
export async function listNewDrafts(actor: Actor, kind: RevisionKind): Promise<Autosave[]> {
  const rows = await getDb()
    .selectFrom('autosaves')
    .select(['item_key', 'seq', 'fields', 'title', 'base_version', 'updated_at'])
    .where('user_id', '=', actor.id)
    .where('item_kind', '=', kind)
    .where('item_key', 'like', 'new-%')
    .orderBy('updated_at', 'desc')
    .limit(50)
    .execute();
  return rows.map(toAutosave).filter((draft) => NEW_ITEM_KEY.test(draft.itemKey));
}
