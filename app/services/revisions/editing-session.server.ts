import type { Actor } from '#app/lib/permissions.ts';

import { getAutosave } from './autosave.server.ts';
import { others } from './presence.server.ts';
import type { RevisionKind } from './revisions.server.ts';

/**
 * What the editor opens with besides the item (docs/product.md, "Autosave", "Edit presence"): the user's autosave
 * when it is newer than the saved item (`savedAt`; any for an item never saved), the sequence number to go on from,
 * and who else is editing it now. The caller has checked that the user may edit the item.
 */
export async function openEditingSession(actor: Actor, kind: RevisionKind, itemKey: string, savedAt: string | null) {
  const [autosave, editors] = await Promise.all([
    getAutosave(actor, kind, itemKey),
    savedAt === null ? Promise.resolve([]) : others(actor, kind, itemKey, new Date()),
  ]);
  const newer = autosave && (savedAt === null || autosave.savedAt > savedAt) ? autosave : null;
  return {
    autosave: newer ? { seq: newer.seq, fields: newer.fields, savedAt: newer.savedAt } : null,
    autosaveSeq: autosave?.seq ?? 0,
    editors,
  };
}
