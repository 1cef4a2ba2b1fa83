import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

import { parseJson } from '#app/lib/json.ts';

import { claimDueJobs, type ClaimedJob, ensureRecurring, extendLease, failJob, finishJob } from './job-store.server.ts';

/** What a kind of job does; `everyMs` makes it recurring (one row, run once per cluster per period). */
export interface JobDefinition {
  name: string;
  run: (payload: unknown) => Promise<unknown>;
  everyMs?: number;
  /** Tries of a one-off job before it is kept as failed (3 by default). */
  maxAttempts?: number;
}

export interface JobRunner {
  /** This process's claim name: host, process id and a random part (two runners in one process differ). */
  owner: string;
  /** Makes the recurring jobs' rows, then claims and runs due jobs every `pollMs` until stopped. */
  start(): Promise<void>;
  /** One round: claims the jobs due now and runs them; answers the names run, in order. */
  runDue(now?: number): Promise<string[]>;
  /** Stops looking for jobs and waits for the round in progress. */
  stop(): Promise<void>;
}

/** A claim lasts this long without news from its process; a running job renews it every third of it. */
export const LEASE_MS = 60_000;
/** Jobs claimed per round; the rest wait for the next round (or another process). */
const BATCH = 10;

/**
 * One job runner per process (decision 028): every process of every instance runs one, and the database's claims
 * make each due job run in exactly one of them. With SQLite it is the same runner, in process.
 */
export function createJobRunner(
  definitions: JobDefinition[],
  options: { pollMs: number; log?: (line: string) => void; leaseMs?: number },
): JobRunner {
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const log = options.log ?? console.error;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<unknown> = Promise.resolve();
  let stopped = false;

  async function runOne(job: ClaimedJob): Promise<void> {
    const definition = byName.get(job.name);
    if (!definition) return;
    const renew = setInterval(() => void extendLease(owner, job.id, leaseMs).catch(() => undefined), leaseMs / 3);
    renew.unref();
    try {
      await definition.run(parseJson<unknown>(job.payload, {}));
      await finishJob(owner, job);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log(`Job ${job.name} failed: ${reason}`);
      await failJob(owner, job, reason, definition.maxAttempts ?? 3);
    } finally {
      clearInterval(renew);
    }
  }

  async function runDue(now?: number): Promise<string[]> {
    const claimed = await claimDueJobs(owner, [...byName.keys()], { leaseMs, limit: BATCH, now });
    for (const job of claimed) await runOne(job);
    return claimed.map((job) => job.name);
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      round = runDue()
        .catch((error: unknown) => log(`Looking for due jobs failed: ${(error as Error).message}`))
        .finally(schedule);
    }, options.pollMs);
    timer.unref();
  }

  return {
    owner,
    async start() {
      for (const definition of definitions) if (definition.everyMs) await ensureRecurring(definition.name, definition.everyMs);
      round = runDue()
        .catch((error: unknown) => log(`Looking for due jobs failed: ${(error as Error).message}`))
        .finally(schedule);
    },
    runDue,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
