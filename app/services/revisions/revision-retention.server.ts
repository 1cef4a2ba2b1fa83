import { getDb } from '#app/db/client.server.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { invalid, refuseWithout, type Result } from '#app/services/failures.ts';
import { readSetting, writeSettings } from '#app/services/settings/settings-store.server.ts';

import { prunePresence } from './presence.server.ts';

/** Revisions kept per item unless Settings say otherwise; 0 keeps them all. */
export const DEFAULT_REVISIONS_KEPT = 50;
const SETTING = 'revisions';

export async function getRevisionRetention(): Promise<number> {
  const { keep } = await readSetting(SETTING, { keep: DEFAULT_REVISIONS_KEPT });
  return Number.isInteger(keep) && keep >= 0 ? keep : DEFAULT_REVISIONS_KEPT;
}

/** Settings → Advanced → "Revisions kept per item" (manage_settings): a whole number from 0 (keep all) to 10 000. */
export async function saveRevisionRetention(actor: Actor, keep: number): Promise<Result> {
  const refused = refuseWithout(actor, 'manage_settings');
  if (refused) return refused;
  if (!Number.isInteger(keep) || keep < 0 || keep > 10_000)
    return invalid({ revisionsKept: 'Enter a whole number from 0 (keep all) to 10000.' });
  return writeSettings(actor, { [SETTING]: { keep } });
}

/**
 * Deletes the revisions beyond the newest `keep` of each item, never the newest one that published the item (what
 * visitors see came from it). Runs as timed work, never inside a save. Answers how many went.
 */
export async function pruneRevisions(keep?: number): Promise<number> {
  const limit = keep ?? (await getRevisionRetention());
  if (limit === 0) return 0;
  const db = getDb();
  const crowded = await db
    .selectFrom('revisions')
    .select(['item_kind', 'item_id'])
    .groupBy(['item_kind', 'item_id'])
    .having((eb) => eb.fn.countAll(), '>', limit)
    .execute();
  let deleted = 0;
  for (const item of crowded) {
    const ofItem = db.selectFrom('revisions').where('item_kind', '=', item.item_kind).where('item_id', '=', item.item_id);
    const beyond = await ofItem.select('id').orderBy('id', 'desc').offset(limit).limit(100_000).execute();
    const published = await ofItem.select('id').where('published', '=', 1).orderBy('id', 'desc').executeTakeFirst();
    const ids = beyond.map((row) => row.id).filter((id) => id !== published?.id);
    for (let start = 0; start < ids.length; start += 500) {
      const result = await db
        .deleteFrom('revisions')
        .where('id', 'in', ids.slice(start, start + 500))
        .executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
  }
  return deleted;
}
