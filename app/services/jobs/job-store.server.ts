import { type Kysely, sql } from 'kysely';

import { getDb, getDialect } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import { newId } from '#app/lib/ids.ts';

/**
 * The `jobs` table's claims (decision 028). Every process may look for due jobs; a claim writes the process's id and
 * a lease in one atomic step, so one job is run by one process at a time: PostgreSQL skips rows another claim holds
 * (`FOR UPDATE SKIP LOCKED`), SQLite takes the write lock before reading (`BEGIN IMMEDIATE`). A lease that runs out
 * (its process died mid-run) makes the job due again for anyone.
 */

export interface ClaimedJob {
  id: string;
  name: string;
  payload: string;
  everyMs: number | null;
  attempts: number;
}

const iso = (ms: number) => new Date(ms).toISOString();
export const recurringId = (name: string) => `recurring:${name}`;

/** A recurring job's row, made once (the first process to start makes it); a changed period is taken up. */
export async function ensureRecurring(name: string, everyMs: number, now = Date.now()): Promise<void> {
  const at = iso(now);
  await getDb()
    .insertInto('jobs')
    .values({ id: recurringId(name), name, run_at: at, every_ms: everyMs, created_at: at, updated_at: at })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ every_ms: everyMs }))
    .execute();
}

/** Queues a one-off job, due at `runAt` (now by default); answers its id. */
export async function enqueueJob(name: string, payload: unknown = {}, runAt = new Date(), db: Kysely<Database> = getDb()): Promise<string> {
  const id = newId();
  const at = new Date().toISOString();
  await db
    .insertInto('jobs')
    .values({ id, name, payload: JSON.stringify(payload), run_at: runAt.toISOString(), every_ms: null, created_at: at, updated_at: at })
    .execute();
  return id;
}

/** Claims up to `limit` due jobs among `names` for `owner`, each leased for `leaseMs`. */
export async function claimDueJobs(
  owner: string,
  names: string[],
  options: { leaseMs: number; limit?: number; now?: number },
): Promise<ClaimedJob[]> {
  if (!names.length) return [];
  const now = options.now ?? Date.now();
  const postgres = getDialect() === 'postgres';
  const claim = (db: Kysely<Database>) =>
    db
      .updateTable('jobs')
      .set({ locked_by: owner, locked_until: iso(now + options.leaseMs), attempts: sql<number>`attempts + 1`, updated_at: iso(now) })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('name', 'in', names)
          .where('run_at', '<=', iso(now))
          .where('failed_at', 'is', null)
          .where((free) => free.or([free('locked_until', 'is', null), free('locked_until', '<', iso(now))]))
          .orderBy('run_at')
          .limit(options.limit ?? 10)
          .$if(postgres, (query) => query.forUpdate().skipLocked()),
      )
      .returning(['id', 'name', 'payload', 'every_ms', 'attempts'])
      .execute();
  // One write transaction: on SQLite it takes the write lock before the read, so two processes never claim from the same snapshot.
  const rows = await writeTransaction(claim);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    payload: row.payload,
    everyMs: row.every_ms === null ? null : Number(row.every_ms),
    attempts: Number(row.attempts),
  }));
}

/** Keeps a running job's claim: answers false when the lease was lost (it ran out and another process took it). */
export async function extendLease(owner: string, id: string, leaseMs: number, now = Date.now()): Promise<boolean> {
  const result = await getDb()
    .updateTable('jobs')
    .set({ locked_until: iso(now + leaseMs) })
    .where('id', '=', id)
    .where('locked_by', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** After a run: a recurring job is due again `everyMs` later, a one-off is done (removed). Only while the claim is ours. */
export async function finishJob(owner: string, job: ClaimedJob, now = Date.now()): Promise<void> {
  const ours = getDb().selectFrom('jobs').select('id').where('id', '=', job.id).where('locked_by', '=', owner);
  if (job.everyMs === null) {
    await getDb().deleteFrom('jobs').where('id', 'in', ours).execute();
    return;
  }
  await getDb()
    .updateTable('jobs')
    .set({ run_at: iso(now + job.everyMs), locked_by: null, locked_until: null, attempts: 0, last_error: null, updated_at: iso(now) })
    .where('id', '=', job.id)
    .where('locked_by', '=', owner)
    .execute();
}

/**
 * After a failed run: a recurring job runs again at its next period; a one-off is retried later (backing off) until
 * `maxAttempts`, then kept as failed with its error.
 */
export async function failJob(owner: string, job: ClaimedJob, error: string, maxAttempts: number, now = Date.now()): Promise<void> {
  const retryInMs = job.everyMs ?? Math.min(60 * 60_000, 10_000 * 2 ** (job.attempts - 1));
  const givenUp = job.everyMs === null && job.attempts >= maxAttempts;
  await getDb()
    .updateTable('jobs')
    .set({
      run_at: iso(now + retryInMs),
      locked_by: null,
      locked_until: null,
      last_error: error.slice(0, 1000),
      failed_at: givenUp ? iso(now) : null,
      ...(job.everyMs === null ? {} : { attempts: 0 }),
      updated_at: iso(now),
    })
    .where('id', '=', job.id)
    .where('locked_by', '=', owner)
    .execute();
}
