import { type Kysely, sql } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { type Failure, rateLimited } from '#app/services/failures.ts';

/** At most `limit` attempts per key within a fixed window of `windowMs` that starts at the first attempt. */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

export interface ThrottleHit {
  /** False once this attempt is beyond the rule's limit. */
  allowed: boolean;
  /** Attempts counted in the current window, this one included. */
  count: number;
  /**
   * True for the first attempt refused in this window (the one just past the limit): what is worth
   * recording once, where every later refusal of the same window is not.
   */
  firstRefused: boolean;
  retryAfterSeconds: number;
}

/** Rows older than this are useless to every rule; pruning deletes them. */
const LONGEST_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Counts one attempt and tells whether it is within the limit. The count is one upsert
 * (insert, or increment the row and restart an elapsed window), so parallel attempts,
 * in one process or several, are each counted exactly once: nothing reads before it writes.
 */
export async function countAttempt(key: string, rule: ThrottleRule, db: Kysely<Database> = getDb()): Promise<ThrottleHit> {
  const now = new Date();
  const nowText = now.toISOString();
  const windowEnded = new Date(now.getTime() - rule.windowMs).toISOString();
  const restart = sql<boolean>`throttles.window_started_at <= ${windowEnded}`;
  const row = await db
    .insertInto('throttles')
    .values({ key, count: 1, window_started_at: nowText })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when ${restart} then 1 else throttles.count + 1 end`,
        window_started_at: sql<string>`case when ${restart} then ${nowText} else throttles.window_started_at end`,
      }),
    )
    .returning(['count', 'window_started_at'])
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  const endsAt = new Date(row.window_started_at).getTime() + rule.windowMs;
  return {
    allowed: count <= rule.limit,
    count,
    firstRefused: count === rule.limit + 1,
    retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)),
  };
}

/** A refused attempt as a service's failure: "Too many wrong codes. Please wait 12 minutes and try again." */
export function tooManyAttempts(hit: ThrottleHit, what: string): Failure {
  const minutes = Math.ceil(hit.retryAfterSeconds / 60);
  return rateLimited(
    hit.retryAfterSeconds,
    `Too many ${what}. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`,
  );
}

/**
 * Whether `key` has already spent its allowance in the current window, read without writing: a caller that checks
 * this first writes nothing for a request it would refuse anyway.
 */
export async function isThrottled(key: string, rule: ThrottleRule, db: Kysely<Database> = getDb()): Promise<boolean> {
  const windowEnded = new Date(Date.now() - rule.windowMs).toISOString();
  const row = await db
    .selectFrom('throttles')
    .select('count')
    .where('key', '=', key)
    .where('window_started_at', '>', windowEnded)
    .executeTakeFirst();
  return !!row && Number(row.count) >= rule.limit;
}

/** Gives back one counted attempt (an attempt that turned out legitimate), never below zero. */
export async function releaseAttempt(key: string): Promise<void> {
  await getDb()
    .updateTable('throttles')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}

export async function clearThrottle(key: string): Promise<void> {
  await getDb().deleteFrom('throttles').where('key', '=', key).execute();
}

/** Deletes counters whose window ended long ago; called from sign-in, so no scheduler is needed. */
export async function pruneThrottles(): Promise<void> {
  const before = new Date(Date.now() - LONGEST_WINDOW_MS).toISOString();
  await getDb().deleteFrom('throttles').where('window_started_at', '<', before).execute();
}
