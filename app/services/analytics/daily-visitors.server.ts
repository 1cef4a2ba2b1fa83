import { createHmac } from 'node:crypto';

import type { Kysely } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { getEnv } from '#app/env.server.ts';
import { addressKey } from '#app/lib/ip-address.ts';
import { isKnownBot } from '#app/lib/user-agent.ts';
import { countAttempt, isThrottled, type ThrottleRule } from '#app/services/throttles/throttles.server.ts';

/** Who is viewing: only ever hashed, never stored or logged as given. */
export interface Visitor {
  address: string;
  userAgent: string;
}

/**
 * One address counts as at most this many visitors of a page or article a day: a household or an office behind one
 * address has a few browsers; a script changing its User-Agent on every call has thousands.
 */
export const BROWSERS_PER_ADDRESS = 5;
const ADDRESS_RULE: ThrottleRule = { limit: BROWSERS_PER_ADDRESS, windowMs: 24 * 60 * 60 * 1000 };

/** YYYY-MM-DD, UTC. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The day's key: derived from the session secret and the date, so hashes of one day say nothing about another and
 * nobody without the secret can test a guessed address against the table.
 */
function dayKey(day: string): Buffer {
  // The label predates page views; kept so the hashes carried over from post_view_visitors still match.
  return createHmac('sha256', getEnv().SESSION_SECRET).update(`post-view-visitors:${day}`).digest();
}

function hash(key: Buffer, ...parts: string[]): string {
  return createHmac('sha256', key).update(parts.join('\u0000')).digest('base64url').slice(0, 32);
}

/**
 * Whether this is `visitor`'s first counted view of `target` ('post:<id>', 'page:/about') on `day`, recording it if
 * so: once per visitor (address key, IPv6 by /64, and browser) per target per UTC day, never for a known robot, and
 * for at most BROWSERS_PER_ADDRESS browsers per address. Runs in the caller's transaction. The address's allowance is
 * read before anything is written, so once it is spent a script inventing a User-Agent per request costs two reads
 * and no write; the "seen" row's primary key makes parallel duplicates collide, so a flood of identical views counts once.
 */
export async function isFirstViewToday(trx: Kysely<Database>, target: string, visitor: Visitor, day: string): Promise<boolean> {
  if (isKnownBot(visitor.userAgent)) return false;
  const key = dayKey(day);
  const address = addressKey(visitor.address);
  const row = { day, target, visitor: hash(key, 'visitor', address, visitor.userAgent.slice(0, 512)) };
  const seen = await trx
    .selectFrom('view_visitors')
    .select('day')
    .where('day', '=', row.day)
    .where('target', '=', row.target)
    .where('visitor', '=', row.visitor)
    .executeTakeFirst();
  if (seen) return false;
  const allowance = `views:${day}:${target}:${hash(key, 'address', address)}`;
  if (await isThrottled(allowance, ADDRESS_RULE, trx)) return false;
  const inserted = await trx
    .insertInto('view_visitors')
    .values(row)
    .onConflict((conflict) => conflict.columns(['day', 'target', 'visitor']).doNothing())
    .returning('day')
    .executeTakeFirst();
  if (!inserted) return false;
  // Counted atomically (parallel new browsers of one address too); one past the allowance takes its row back.
  if ((await countAttempt(allowance, ADDRESS_RULE, trx)).allowed) return true;
  await trx
    .deleteFrom('view_visitors')
    .where('day', '=', row.day)
    .where('target', '=', row.target)
    .where('visitor', '=', row.visitor)
    .execute();
  return false;
}

let prunedDay = '';

/** Forgets the visitors of past days; run once per day by the first counted view of the day. */
export async function pruneViewVisitors(now = new Date()): Promise<void> {
  const day = dayOf(now);
  if (prunedDay === day) return;
  prunedDay = day;
  await getDb().deleteFrom('view_visitors').where('day', '<', day).execute();
}
