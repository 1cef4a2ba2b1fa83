import { createHmac } from 'node:crypto';

import { getDb } from '#app/db/client.server.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import { getEnv } from '#app/env.server.ts';
import { isKnownBot } from '#app/lib/user-agent.ts';
import { countAttempt, type ThrottleRule } from '#app/services/throttles/throttles.server.ts';

/** Who is viewing: only ever hashed, never stored or logged as given. */
export interface Visitor {
  address: string;
  userAgent: string;
}

/**
 * One address counts as at most this many visitors of an article a day: a household or an office behind one
 * address has a few browsers; a script changing its User-Agent on every call has thousands.
 */
export const BROWSERS_PER_ADDRESS = 5;
const ADDRESS_RULE: ThrottleRule = { limit: BROWSERS_PER_ADDRESS, windowMs: 24 * 60 * 60 * 1000 };

const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The day's key: derived from the session secret and the date, so hashes of one day say nothing about another and
 * nobody without the secret can test a guessed address against the table.
 */
function dayKey(day: string): Buffer {
  return createHmac('sha256', getEnv().SESSION_SECRET).update(`post-view-visitors:${day}`).digest();
}

function hash(key: Buffer, ...parts: string[]): string {
  return createHmac('sha256', key).update(parts.join('\u0000')).digest('base64url').slice(0, 32);
}

export type ViewOutcome = { views: number; counted: boolean } | null;

/**
 * Counts one view of a published article, at most once per visitor (address and browser) per article per UTC day,
 * and never for known robots. Answers the article's count, or null when no published article has this id.
 * The "seen today" row and the increment are one transaction, and the row's primary key makes parallel
 * duplicates collide, so a flood of identical requests moves the count by one.
 */
export async function countPostView(postId: string, visitor: Visitor, now = new Date()): Promise<ViewOutcome> {
  const day = today(now);
  return writeTransaction(async (trx) => {
    const post = await trx
      .selectFrom('blog_posts')
      .select('views')
      .where('id', '=', postId)
      .where('status', '=', 'published')
      .executeTakeFirst();
    if (!post) return null;
    if (isKnownBot(visitor.userAgent)) return { views: Number(post.views), counted: false };
    const key = dayKey(day);
    const row = { day, post_id: postId, visitor: hash(key, 'visitor', visitor.address, visitor.userAgent.slice(0, 512)) };
    const inserted = await trx
      .insertInto('post_view_visitors')
      .values(row)
      .onConflict((conflict) => conflict.columns(['day', 'post_id', 'visitor']).doNothing())
      .returning('post_id')
      .executeTakeFirst();
    if (!inserted) return { views: Number(post.views), counted: false };
    // A new browser at this address: counted only among the first few (one atomic upsert, so parallel calls too).
    const perAddress = await countAttempt(`post-views:${day}:${postId}:${hash(key, 'address', visitor.address)}`, ADDRESS_RULE, trx);
    if (!perAddress.allowed) return { views: Number(post.views), counted: false };
    await trx
      .updateTable('blog_posts')
      .set((eb) => ({ views: eb('views', '+', 1) }))
      .where('id', '=', postId)
      .execute();
    return { views: Number(post.views) + 1, counted: true };
  });
}

let prunedDay = '';

/** Forgets the visitors of past days; run once per day by the first view of the day. */
export async function prunePostViewVisitors(now = new Date()): Promise<void> {
  const day = today(now);
  if (prunedDay === day) return;
  prunedDay = day;
  await getDb().deleteFrom('post_view_visitors').where('day', '<', day).execute();
}
