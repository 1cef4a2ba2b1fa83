import type { Kysely } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { nowIso } from '#app/lib/ids.ts';
import { parseJson } from '#app/lib/json.ts';
import type { Actor } from '#app/lib/permissions.ts';
import type { Result } from '#app/services/failures.ts';
import { publicWriteAs } from '#app/services/public-write.server.ts';
import { changedByOthers, refuseStale, stateVersion } from '#app/services/versions/state-version.server.ts';

/** One settings row's JSON, merged over `fallback` so keys added later get their defaults. */
export async function readSetting<T extends object>(key: string, fallback: T): Promise<T> {
  const row = await getDb().selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return { ...fallback, ...parseJson<Partial<T>>(row?.value, {}) };
}

/** The stored JSON of `keys` (absent ones as null), the state a settings form's version is taken of. */
async function storedValues(db: Kysely<Database>, keys: string[]): Promise<(string | null)[]> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys).execute();
  return keys.map((key) => rows.find((row) => row.key === key)?.value ?? null);
}

/** The version a settings form is opened at: of the rows it saves (`writeSettings` with the same keys checks it). */
export async function settingsVersion(keys: string[]): Promise<string> {
  return stateVersion(await storedValues(getDb(), keys));
}

export const SETTINGS_CHANGED = changedByOthers('These settings were');

/**
 * Writes settings rows (JSON values), creating missing ones, as one public write by `actor` (who must manage
 * settings): with `alsoInTransaction`, what must change with them (the media usage of the logo, the audit
 * entry); the cached public pages, which may show them, are dropped after the commit. With `version` (the one the
 * form was opened at, `settingsVersion` of the same keys) a save over someone else's change is refused.
 */
export function writeSettings(
  actor: Actor,
  entries: Record<string, unknown>,
  alsoInTransaction?: (trx: Kysely<Database>) => Promise<void>,
  version?: string,
): Promise<Result> {
  const updatedAt = nowIso();
  return publicWriteAs(actor, 'manage_settings', async (trx) => {
    const stale = await refuseStale(trx, 'settings', version, (db) => storedValues(db, Object.keys(entries)), SETTINGS_CHANGED);
    if (stale) return stale;
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
