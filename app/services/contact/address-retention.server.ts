import { getDb } from '#app/db/client.server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Erases the sender's address from contact messages older than `days` (the message itself stays); answers how many
 * were erased. The limits count in `throttles`, whose rows are pruned after a day, so nothing needs the address
 * afterwards.
 */
export async function pruneContactAddresses(days: number, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS).toISOString();
  const result = await getDb()
    .updateTable('messages')
    .set({ ip: '' })
    .where('created_at', '<', before)
    .where('ip', '<>', '')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
