import { getDb } from '#app/db/client.server.ts';
import { pruneCommentAddresses } from '#app/services/comments/comment-privacy.server.ts';
import { startPeriodic } from '#app/services/jobs/periodic.server.ts';
import { pruneFormReceipts } from '#app/services/public-forms/idempotency.server.ts';
import { pruneThrottles } from '#app/services/throttles/throttles.server.ts';

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

/**
 * Erases old senders' addresses, of contact messages and of comments (CONTACT_IP_RETENTION_DAYS for both), and spent
 * rate-limit counters and form receipts, at start and every six hours; returns the stop function.
 */
export function startContactAddressRetention(days: number): () => void {
  return startPeriodic('Contact address pruning', async () => {
    await pruneContactAddresses(days);
    await pruneCommentAddresses(days);
    await pruneThrottles();
    await pruneFormReceipts();
  });
}
