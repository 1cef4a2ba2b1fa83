import { getDb } from '#app/db/client.server.ts';
import { nowIso } from '#app/lib/ids.ts';
import { parseJson } from '#app/lib/json.ts';

/** One settings row's JSON, merged over `fallback` so keys added later get their defaults. */
export async function readSetting<T extends object>(key: string, fallback: T): Promise<T> {
  const row = await getDb().selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return { ...fallback, ...parseJson<Partial<T>>(row?.value, {}) };
}

/** Writes one settings row, creating it when missing (both dialects support ON CONFLICT). */
export async function writeSetting(key: string, value: object): Promise<void> {
  const now = nowIso();
  const json = JSON.stringify(value);
  await getDb()
    .insertInto('settings')
    .values({ key, value: json, updated_at: now })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: json, updated_at: now }))
    .execute();
}
