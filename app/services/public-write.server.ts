import type { Kysely } from 'kysely';

import type { Database } from '#app/db/schema.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import type { Actor, Permission } from '#app/lib/permissions.ts';

import { bumpPublicGeneration } from './cache/cache-generation.server.ts';
import { invalidatePublicCache, type PublicScope } from './cache/html-cache.server.ts';
import { refuseWithout, type Result } from './failures.ts';

const isFailure = (result: unknown) => typeof result === 'object' && result !== null && 'ok' in result && result.ok === false;

/**
 * The one way to make a write that visitors can see (content, settings, menus, themes, media): runs `work`
 * in a write transaction, bumps the shared cache generation in that same transaction (so every instance
 * learns of it exactly when the write commits, decision 031) and, once it has committed, clears this
 * instance's public caches. A result with `ok: false` changed nothing visible, so the caches stay. No
 * service calls invalidatePublicCache() itself (the Clear Cache button aside). `scope` narrows what is dropped, on
 * every instance, when the caller can say cheaply what the write changed (an article's own page and the lists);
 * without it, everything is.
 */
export async function publicWrite<T>(work: (trx: Kysely<Database>) => Promise<T>, scope?: PublicScope): Promise<T> {
  let shared: number | undefined;
  const result = await writeTransaction(async (trx) => {
    const outcome = await work(trx);
    if (!isFailure(outcome)) shared = await bumpPublicGeneration(trx, scope);
    return outcome;
  });
  if (shared !== undefined) await invalidatePublicCache(shared, scope);
  return result;
}

/** publicWrite for an actor who must hold `permission` (every write service checks its own): without it, nothing runs. */
export async function publicWriteAs<T extends object>(
  actor: Actor,
  permission: Permission,
  work: (trx: Kysely<Database>) => Promise<Result<T>>,
): Promise<Result<T>> {
  return refuseWithout(actor, permission) ?? publicWrite(work);
}

/** Settings → Advanced → Clear Cache: drops every cached public page now, with no write (settings managers only). */
export async function clearPublicCache(actor: Actor): Promise<Result> {
  const refused = refuseWithout(actor, 'manage_settings');
  if (refused) return refused;
  await invalidatePublicCache(await writeTransaction(bumpPublicGeneration));
  return { ok: true };
}
