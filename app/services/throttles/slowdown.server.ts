import { getDb } from '#app/db/client.server.ts';

/** How a slowdown spaces the attempts it lets through: a growing wait, never more than `maxDelayMs`. */
export interface SlowdownRule {
  /** The wait before the first attempt once slowing starts; each later one waits twice the one before. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** After this long without an admitted attempt, the slowdown starts afresh. */
  resetAfterMs: number;
}

export type SlowdownAnswer = { admitted: true } | { admitted: false; retryAfterSeconds: number; first: boolean };

export function slowdownDelayMs(rule: SlowdownRule, admitted: number): number {
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(admitted, 30));
}

/**
 * Lets an attempt through a slowdown, or says how long to wait. The row of `key` in `throttles` holds
 * how many attempts the slowdown has let through (`count`) and when the last one was
 * (`window_started_at`); the next one is due a growing delay after it. Admitting is a conditional
 * UPDATE on the values read, so of parallel attempts exactly one takes a free slot; the others wait.
 * Nothing is ever refused for longer than `maxDelayMs`: it slows, it never locks.
 */
export async function passSlowdown(key: string, rule: SlowdownRule, now = new Date()): Promise<SlowdownAnswer> {
  const db = getDb();
  const nowText = now.toISOString();
  const row = await db.selectFrom('throttles').select(['count', 'window_started_at']).where('key', '=', key).executeTakeFirst();
  if (!row || now.getTime() - new Date(row.window_started_at).getTime() > rule.resetAfterMs) {
    // The slowdown starts now: this attempt waits the first delay, as every later one waits its own.
    const started = await db
      .insertInto('throttles')
      .values({ key, count: 0, window_started_at: nowText })
      .onConflict((conflict) =>
        conflict
          .column('key')
          .doUpdateSet({ count: 0, window_started_at: nowText })
          .where('throttles.window_started_at', '=', row?.window_started_at ?? ''),
      )
      .executeTakeFirst();
    return { admitted: false, retryAfterSeconds: Math.ceil(rule.firstDelayMs / 1000), first: Number(started.numInsertedOrUpdatedRows) > 0 };
  }
  const admitted = Number(row.count);
  const dueAt = new Date(row.window_started_at).getTime() + slowdownDelayMs(rule, admitted);
  if (now.getTime() < dueAt)
    return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil((dueAt - now.getTime()) / 1000)), first: false };
  const taken = await db
    .updateTable('throttles')
    .set({ count: admitted + 1, window_started_at: nowText })
    .where('key', '=', key)
    .where('count', '=', admitted)
    .where('window_started_at', '=', row.window_started_at)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 1) return { admitted: true };
  return { admitted: false, retryAfterSeconds: Math.ceil(slowdownDelayMs(rule, admitted + 1) / 1000), first: false };
}
