import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { createJobRunner, type JobDefinition } from '#app/services/jobs/job-runner.server.ts';
import { claimDueJobs, enqueueJob, ensureRecurring, recurringId } from '#app/services/jobs/job-store.server.ts';
import { testDialects } from '#tests/support/databases.ts';

const quiet = () => undefined;

describe.each(testDialects)('jobs on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('runs a recurring job once per period however many runners race for it, then waits for its next period', async () => {
    let runs = 0;
    const definitions: JobDefinition[] = [{ name: 'count-once', everyMs: 60_000, run: async () => void runs++ }];
    const runners = [0, 1, 2].map(() => createJobRunner(definitions, { pollMs: 60_000, log: quiet }));
    await ensureRecurring('count-once', 60_000);
    for (let trial = 1; trial <= 50; trial++) {
      await getDb()
        .updateTable('jobs')
        .set({ run_at: new Date(0).toISOString() })
        .where('id', '=', recurringId('count-once'))
        .execute();
      const ran = await Promise.all(runners.map((runner) => runner.runDue()));
      expect(ran.flat()).toEqual(['count-once']);
      expect(runs).toBe(trial);
    }
    // Not due again before its period has passed.
    expect((await Promise.all(runners.map((runner) => runner.runDue()))).flat()).toEqual([]);
    const row = await getDb().selectFrom('jobs').selectAll().where('id', '=', recurringId('count-once')).executeTakeFirstOrThrow();
    expect(row.locked_by).toBeNull();
    expect(Date.parse(row.run_at)).toBeGreaterThan(Date.now() + 50_000);
  });

  it('gives a job whose process died mid-run (its lease ran out) to another process', async () => {
    await enqueueJob('orphan', { n: 1 });
    const [taken] = await claimDueJobs('dead-process', ['orphan'], { leaseMs: 1000 });
    expect(taken?.name).toBe('orphan');
    const payloads: unknown[] = [];
    const survivor = createJobRunner([{ name: 'orphan', run: async (payload) => void payloads.push(payload) }], {
      pollMs: 60_000,
      log: quiet,
    });
    // While the lease holds, nobody else runs it.
    expect(await survivor.runDue()).toEqual([]);
    expect(await survivor.runDue(Date.now() + 1500)).toEqual(['orphan']);
    expect(payloads).toEqual([{ n: 1 }]);
    // A one-off job is gone once done.
    expect(await getDb().selectFrom('jobs').select('id').where('name', '=', 'orphan').execute()).toEqual([]);
  });

  it('retries a failing one-off job later, and keeps it as failed with its error after the last attempt', async () => {
    const id = await enqueueJob('flaky');
    const runner = createJobRunner([{ name: 'flaky', maxAttempts: 2, run: async () => Promise.reject(new Error('SMTP said no')) }], {
      pollMs: 60_000,
      log: quiet,
    });
    expect(await runner.runDue()).toEqual(['flaky']);
    const retry = await getDb().selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(retry).toMatchObject({ last_error: 'SMTP said no', failed_at: null, locked_by: null });
    expect(await runner.runDue()).toEqual([]);
    expect(await runner.runDue(Date.parse(retry.run_at) + 1)).toEqual(['flaky']);
    const failed = await getDb().selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(failed.failed_at).not.toBeNull();
    expect(await runner.runDue(Date.now() + 10 * 3_600_000)).toEqual([]);
  });

  it('a recurring job that fails runs again at its next period, and the runner keeps going', async () => {
    const lines: string[] = [];
    let calls = 0;
    const runner = createJobRunner(
      [
        { name: 'broken', everyMs: 1000, run: async () => Promise.reject(new Error('disk full')) },
        { name: 'fine', everyMs: 1000, run: async () => void calls++ },
      ],
      { pollMs: 50, log: (line) => lines.push(line) },
    );
    await runner.start();
    try {
      await expect.poll(() => calls).toBeGreaterThan(0);
    } finally {
      await runner.stop();
    }
    expect(lines).toContain('Job broken failed: disk full');
    const broken = await getDb().selectFrom('jobs').selectAll().where('id', '=', recurringId('broken')).executeTakeFirstOrThrow();
    expect(broken).toMatchObject({ last_error: 'disk full', failed_at: null, locked_by: null });
  });
});
