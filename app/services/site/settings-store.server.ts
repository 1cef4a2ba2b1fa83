import { writeTransaction } from '#app/db/transaction.server.ts';
import { nowIso } from '#app/lib/ids.ts';
import { invalidatePublicCache } from '#app/services/cache/html-cache.server.ts';

/** Writes settings rows (JSON values) in one transaction, then drops the cached public pages that show them. */
export async function writeSettings(entries: Record<string, unknown>): Promise<void> {
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
  });
  invalidatePublicCache();
}
