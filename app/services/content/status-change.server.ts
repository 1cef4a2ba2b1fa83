import { sql } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import { nowIso } from '#app/lib/ids.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { conflict, forbidden, type Result } from '#app/services/failures.ts';
import { publicWrite } from '#app/services/public-write.server.ts';
import { contentPublishedAt } from '#app/services/redirects/redirects.server.ts';

import { audit, gone, inTrash, itemPath } from './editorial.server.ts';
import { editorial } from './editorial-columns.server.ts';
import type { ContentKind, EditorialInput, ItemState } from './kind.ts';

/** The statuses a list's bulk action may set (Publish, Set to draft). */
export type BulkStatus = 'published' | 'draft';

/**
 * Publishes an item or sets it back to draft without opening it (the lists' bulk actions), with the
 * editor's rules: who may write the kind (403), whether it exists (404) or is in the trash (409), who
 * may edit this item (403), and who may save this status (403). Publishing keeps a publish date the
 * item already has (a scheduled one's is replaced: it goes live now) and dates it now otherwise; a draft has none. The version moves on, so an editor
 * left open on the item cannot save over the change.
 */
export async function setItemStatus<State extends ItemState>(
  kind: ContentKind<EditorialInput, State>,
  actor: Actor,
  id: string,
  status: BulkStatus,
): Promise<Result<{ id: string; changed: boolean }>> {
  if (!kind.mayWrite(actor)) return forbidden();
  const current = await kind.find(getDb(), id);
  if (!current) return gone(kind);
  if (current.status === 'trash') return inTrash(kind);
  if (!kind.canEdit(actor, current) || !kind.statusesFor(actor).includes(status)) return forbidden();
  if (current.status === status) return { ok: true, id, changed: false };
  const now = nowIso();
  return publicWrite(async (trx) => {
    const result = await editorial(trx)
      .updateTable(kind.table)
      .set({
        status,
        // A scheduled item published from the list goes live now, dated now (its date to come would read as a lie).
        publish_date: status !== 'published' ? null : current.status === 'scheduled' ? now : sql<string>`coalesce(publish_date, ${now})`,
        updated_at: now,
        version: sql<number>`version + 1`,
      })
      .where('id', '=', id)
      .where('status', '=', current.status)
      .executeTakeFirst();
    // Changed by someone else between the check and the write: said, never overwritten.
    if (Number(result.numUpdatedRows) === 0)
      return conflict(`This ${kind.noun} was changed by someone else. Reload the list and try again.`);
    if (status === 'published') {
      await audit(trx, kind, actor, 'content.published', id);
      const path = await itemPath(trx, kind, current.slug, current.language);
      const refused = await contentPublishedAt(trx, actor, path);
      if (refused) throw new Error(`The path ${path} could not be taken back: ${JSON.stringify(refused)}`);
    }
    return { ok: true as const, id, changed: true };
  });
}
