import { getDb } from '#app/db/client.server.ts';
import { DEFAULT_ADVANCED, getAdvancedSettings } from '#app/services/settings/settings.server.ts';

/** Revisions kept per item: Settings → Advanced → "Revisions kept per item"; 0 keeps them all. */
export async function getRevisionRetention(): Promise<number> {
  const { revisionsKept } = await getAdvancedSettings();
  return Number.isInteger(revisionsKept) && revisionsKept >= 0 ? revisionsKept : DEFAULT_ADVANCED.revisionsKept;
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
