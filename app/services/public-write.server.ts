import type { Kysely } from 'kysely';

import type { Database } from '#app/db/schema.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';

import { invalidatePublicCache } from './cache/html-cache.server.ts';

/**
 * The one way to make a write that visitors can see (content, settings, menus, themes): runs `work`
 * in a write transaction and, once it has committed and succeeded, clears the public caches. A
 * result with `ok: false` changed nothing visible, so the caches stay. No service calls
 * invalidatePublicCache() itself.
 */
export async function publicWrite<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  const result = await writeTransaction(work);
  const failed = typeof result === 'object' && result !== null && 'ok' in result && result.ok === false;
  if (!failed) await invalidatePublicCache();
  return result;
}
