import type { Kysely } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import { nowIso } from '#app/lib/ids.ts';
import { parseJson } from '#app/lib/json.ts';
import { invalidatePublicCache } from '#app/services/cache/html-cache.server.ts';

/** One settings row's JSON, merged over `fallback` so keys added later get their defaults. */
export async function readSetting<T extends object>(key: string, fallback: T): Promise<T> {
  const row = await getDb().selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return { ...fallback, ...parseJson<Partial<T>>(row?.value, {}) };
}

/**
 * Writes settings rows (JSON values), creating missing ones, in one transaction (with `alsoInTransaction`, what
 * must change with them: the media usage of the logo); then drops the cached public pages, which may show them.
 */
export async function writeSettings(
  entries: Record<string, unknown>,
  alsoInTransaction?: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  const updatedAt = nowIso();
  await writeTransaction(async (trx) => {
    for (const [key, value] of Object.entries(entries)) {
      const json = JSON.stringify(value);
      await trx
        .insertInto('settings')
        .values({ key, value: json, updated_at: updatedAt })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: json, updated_at: updatedAt }))
        .execute();
    }
    await alsoInTransaction?.(trx);
  });
  await invalidatePublicCache();
}
