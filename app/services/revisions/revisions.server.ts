import type { Kysely } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { newTimeOrderedId, nowIso } from '#app/lib/ids.ts';
import { parseJson } from '#app/lib/json.ts';
import { changedFields } from '#app/lib/revision-fields.ts';

/** The kinds that keep revisions: pages and posts through the editorial core, the landing copy per language, themes. */
export type RevisionKind = 'page' | 'post' | 'landing' | 'theme';

/** One entry of an item's history, as the Revisions panel lists it. */
export interface RevisionEntry {
  id: string;
  version: number;
  createdAt: string;
  savedByName: string;
  changedFields: string[];
  published: boolean;
  /** The item's first save (its creation). */
  first: boolean;
}

const FORMER_COLLEAGUE = 'someone no longer on the team';

/**
 * Keeps one revision of a save, in the transaction that made it: the full state as saved and which fields changed
 * since the item's previous revision (or since `previous` when the caller knows the state before). History is never
 * rewritten: restoring an old revision is a new save, hence a new revision.
 */
export async function recordRevision(
  trx: Kysely<Database>,
  revision: {
    kind: RevisionKind;
    itemId: string;
    version: number;
    state: object;
    published: boolean;
    savedBy: string | null;
    previous?: unknown;
  },
): Promise<void> {
  let previous = revision.previous;
  if (previous === undefined) {
    const last = await trx
      .selectFrom('revisions')
      .select('state')
      .where('item_kind', '=', revision.kind)
      .where('item_id', '=', revision.itemId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    previous = last ? parseJson<unknown>(last.state, null) : null;
  }
  await trx
    .insertInto('revisions')
    .values({
      // Time-ordered ids: "newest first" holds even for two saves within one millisecond.
      id: newTimeOrderedId(),
      item_kind: revision.kind,
      item_id: revision.itemId,
      version: revision.version,
      state: JSON.stringify(revision.state),
      // No earlier revision: the item's creation (nothing changed), or an item older than revisions ('*': not known).
      changed_fields: JSON.stringify(
        previous === null ? (revision.version === 1 ? [] : ['*']) : changedFields(previous ?? {}, revision.state),
      ),
      published: revision.published ? 1 : 0,
      saved_by: revision.savedBy,
      created_at: nowIso(),
    })
    .execute();
}

/** An item's revisions, newest first, with their authors' names. Callers check that the user may edit the item. */
export async function listRevisions(kind: RevisionKind, itemId: string): Promise<RevisionEntry[]> {
  const rows = await getDb()
    .selectFrom('revisions')
    .leftJoin('users', 'users.id', 'revisions.saved_by')
    .select([
      'revisions.id',
      'revisions.version',
      'revisions.created_at',
      'revisions.changed_fields',
      'revisions.published',
      'revisions.saved_by',
      'users.name',
    ])
    .where('revisions.item_kind', '=', kind)
    .where('revisions.item_id', '=', itemId)
    .orderBy('revisions.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    version: Number(row.version),
    createdAt: row.created_at,
    savedByName: row.name ?? (row.saved_by ? FORMER_COLLEAGUE : 'Atelier'),
    changedFields: parseJson<string[]>(row.changed_fields, []),
    published: Number(row.published) === 1,
    first: Number(row.version) === 1,
  }));
}

/** One revision's full saved state, or undefined when it is not (or no longer) kept for that item. */
export async function getRevisionState<State = unknown>(
  kind: RevisionKind,
  itemId: string,
  revisionId: string,
): Promise<State | undefined> {
  const row = await getDb()
    .selectFrom('revisions')
    .select('state')
    .where('item_kind', '=', kind)
    .where('item_id', '=', itemId)
    .where('id', '=', revisionId)
    .executeTakeFirst();
  return row ? parseJson<State>(row.state, undefined as State) : undefined;
}

/** An item deleted for good takes its revisions, autosaves and presence with it (in the delete's transaction). */
export async function forgetItemHistory(trx: Kysely<Database>, kind: RevisionKind, itemId: string): Promise<void> {
  await trx.deleteFrom('revisions').where('item_kind', '=', kind).where('item_id', '=', itemId).execute();
  await trx.deleteFrom('autosaves').where('item_kind', '=', kind).where('item_key', '=', itemId).execute();
  await trx.deleteFrom('edit_presence').where('item_kind', '=', kind).where('item_id', '=', itemId).execute();
}
