import { getDb } from '#app/db/client.server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes entries older than `days`; returns how many went. */
export async function pruneAuditLog(days: number, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS).toISOString();
  const result = await getDb().deleteFrom('audit_log').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
