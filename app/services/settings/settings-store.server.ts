import type { Kysely } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { nowIso } from '#app/lib/ids.ts';
import { parseJson } from '#app/lib/json.ts';
import type { Actor } from '#app/lib/permissions.ts';
import type { Result } from '#app/services/failures.ts';
import { publicWriteAs } from '#app/services/public-write.server.ts';

/** One settings row's JSON, merged over `fallback` so keys added later get their defaults. */
export async function readSetting<T extends object>(key: string, fallback: T): Promise<T> {
  const row = await getDb().selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return { ...fallback, ...parseJson<Partial<T>>(row?.value, {}) };
}

/**
 * Writes settings rows (JSON values), creating missing ones, as one public write by `actor` (who must manage
 * settings): with `alsoInTransaction`, what must change with them (the media usage of the logo, the audit
 * entry); the cached public pages, which may show them, are dropped after the commit.
 */
export function writeSettings(
  actor: Actor,
  entries: Record<string, unknown>,
  alsoInTransaction?: (trx: Kysely<Database>) => Promise<void>,
): Promise<Result> {
  const updatedAt = nowIso();
  return publicWriteAs(actor, 'manage_settings', async (trx) => {
    for (const [key, value] of Object.entries(entries)) {
      const json = JSON.stringify(value);
      await trx
        .insertInto('settings')
        .values({ key, value: json, updated_at: updatedAt })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: json, updated_at: updatedAt }))
        .execute();
    }
    await alsoInTransaction?.(trx);
    return { ok: true };
  });
}
