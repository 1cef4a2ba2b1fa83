// One process of a job-runner test (tests/integration/instances-jobs.test.ts), run with tsx: opens the PostgreSQL
// database at DATABASE_URL, runs a job runner over the probe jobs, and appends "<job> <pid>" to RUN_LOG for each run.
// The job `hang` never ends (its process is then killed mid-run, as an instance that dies).
import { appendFileSync } from 'node:fs';

import { setDatabase } from '#app/db/client.server.ts';
import { openPostgres } from '#app/db/dialect.server.ts';
import { createJobRunner } from '#app/services/jobs/job-runner.server.ts';

const log = process.env.RUN_LOG!;
setDatabase(openPostgres(process.env.DATABASE_URL!));
const record = (name: string) => appendFileSync(log, `${name} ${process.pid}\n`);
const runner = createJobRunner(
  [
    { name: 'probe-once', run: async () => record('probe-once') },
    { name: 'probe-recurring', everyMs: 60_000, run: async () => record('probe-recurring') },
    {
      name: process.env.HANG === '1' ? 'hang' : 'hang-elsewhere',
      run: async () => {
        record('hang-started');
        await new Promise(() => {});
      },
    },
    { name: process.env.HANG === '1' ? 'hang-elsewhere' : 'hang', run: async () => record('hang-finished') },
  ],
  { pollMs: 50, leaseMs: Number(process.env.LEASE_MS ?? 60_000), log: () => {} },
);
await runner.start();
console.log('runner started');
