import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { closeDatabase, setDatabase } from '#app/db/client.server.ts';
import { openPostgres } from '#app/db/dialect.server.ts';
import { migrateToLatest } from '#app/db/migrate.server.ts';
import { enqueueJob } from '#app/services/jobs/job-store.server.ts';
import { freshDatabase, postgresAdminUrl } from '#tests/support/instances.ts';

const lines = (log: string) => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean) : []);

async function until(check: () => boolean, ms: number) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A job-runner process (tests/support/job-process.ts) on `url`; resolves once its runner polls. */
function runnerProcess(url: string, log: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/job-process.ts'], {
    env: { ...process.env, DATABASE_URL: url, RUN_LOG: log, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk) => String(chunk).includes('runner started') && resolve(child));
    child.on('exit', () => reject(new Error(`runner exited early: ${output}`)));
  });
}

// Decision 028's claims, across processes as across instances: each due job runs once, and a job whose process
// died mid-run is picked up again once its lease runs out.
describe.runIf(postgresAdminUrl)('jobs across processes on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    database = await freshDatabase();
    const handle = openPostgres(database.url);
    setDatabase(handle);
    await migrateToLatest(handle.db);
  });

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await closeDatabase();
    await database?.drop();
  });

  it('runs a due one-off job and a recurring job exactly once among three processes', async () => {
    const log = path.join(mkdtempSync(path.join(tmpdir(), 'atelier-jobs-')), 'runs.log');
    children.push(...(await Promise.all([1, 2, 3].map(() => runnerProcess(database.url, log)))));
    for (let i = 0; i < 20; i++) await enqueueJob('probe-once', { i });
    await until(() => lines(log).filter((line) => line.startsWith('probe-once')).length >= 20, 10_000);
    // Every runner polls every 50 ms: a second or so is dozens of chances to run a job twice.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const runs = lines(log);
    expect(runs.filter((line) => line.startsWith('probe-once'))).toHaveLength(20);
    expect(runs.filter((line) => line.startsWith('probe-recurring'))).toHaveLength(1);
    // The work was shared out, not done by one process holding everything.
    expect(new Set(runs.map((line) => line.split(' ')[1])).size).toBeGreaterThan(1);
    for (const child of children) child.kill('SIGKILL');
  });

  it('runs again elsewhere a job whose process was killed mid-run, once its lease ran out', async () => {
    const log = path.join(mkdtempSync(path.join(tmpdir(), 'atelier-jobs-')), 'runs.log');
    const dying = await runnerProcess(database.url, log, { HANG: '1', LEASE_MS: '1500' });
    children.push(dying);
    await enqueueJob('hang');
    await until(() => lines(log).includes(`hang-started ${dying.pid}`), 10_000);
    const claimedBy = Date.now();
    dying.kill('SIGKILL');
    const survivor = await runnerProcess(database.url, log, { LEASE_MS: '1500' });
    children.push(survivor);
    await until(() => lines(log).includes(`hang-finished ${survivor.pid}`), 10_000);
    // Not before the lease (1.5 s) ran out: no two processes ever hold one job at once.
    expect(Date.now() - claimedBy).toBeGreaterThanOrEqual(1_400);
  });
});
