// npm run bench:durability — what SQLite's synchronous=FULL costs against NORMAL (decision 023): the built server as
// a process, one setting then the other, interleaved for BENCH_ROUNDS rounds: an administrator's post save through
// HTTP (sequential saves, p50/p95), then public pages with wrk. Needs a build (npm run build) and wrk (installed
// with apt-get when missing).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import Sqlite from 'better-sqlite3';

import { freePort, isSaved, queryData, request, savePost, signInProcessAdmin, startServerProcess } from '#tests/support/server-process.ts';

import { ensureBuilt, loadAverage } from './bench-setup.ts';
import { ensureInstalled, runWrk } from './wrk.ts';

const SAVES = Number(process.env.BENCH_SAVES ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const PAGES = ['/', '/blog'];

type Setting = 'FULL' | 'NORMAL';
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(setting: Setting, wrk: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-durability-'));
  const port = await freePort();
  const server = startServerProcess({ port, dataDir, env: { SQLITE_SYNCHRONOUS: setting } });
  try {
    await server.listening;
    const cookie = await signInProcessAdmin(port);
    const [category] = await queryData({ dataDir }, 'select id from categories order by name limit 1');
    const base = { title: 'Durability', slug: 'durability', content: 'x'.repeat(4000), categoryId: String(category!.id) };
    if (!isSaved(await savePost(port, cookie, base))) throw new Error('could not create the post');
    const [row] = await queryData({ dataDir }, "select id from blog_posts where slug = 'durability'");
    const id = String(row!.id);
    const times: number[] = [];
    for (let version = 1; version <= SAVES; version++) {
      const started = performance.now();
      const reply = await savePost(port, cookie, { ...base, content: `${version} ${base.content}`, version }, id);
      times.push(performance.now() - started);
      if (!isSaved(reply)) throw new Error(`save ${version} answered ${reply.status}`);
    }
    times.sort((a, b) => a - b);
    const save = { p50: percentile(times, 50), p95: percentile(times, 95), mean: times.reduce((a, b) => a + b, 0) / times.length };
    const pages: Record<string, number> = {};
    for (const page of PAGES) {
      await request(port, 'GET', page);
      pages[page] = runWrk(wrk, `http://127.0.0.1:${port}${page}`, { seconds: SECONDS, connections: CONNECTIONS, threads: 2 }).rps;
    }
    return { save, pages };
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The sync itself, without HTTP: one small committed insert at a time on this disk, per setting (median ms). */
function commitCost(setting: Setting, commits = 400): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'atelier-commit-'));
  const sqlite = new Sqlite(path.join(dir, 'commits.sqlite'));
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma(`synchronous = ${setting}`);
    sqlite.exec('create table t (id integer primary key, body text)');
    const insert = sqlite.prepare('insert into t (body) values (?)');
    const times: number[] = [];
    for (let i = 0; i < commits; i++) {
      const started = performance.now();
      insert.run('x'.repeat(2000));
      times.push(performance.now() - started);
    }
    return percentile(
      times.sort((a, b) => a - b),
      50,
    );
  } finally {
    sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

ensureBuilt();
for (const setting of ['FULL', 'NORMAL', 'FULL', 'NORMAL'] as const) {
  console.log(`one committed insert, ${setting.padEnd(6)}: median ${commitCost(setting).toFixed(3)} ms`);
}
const wrk = ensureInstalled('wrk', 'wrk');
console.log(`load average before: ${loadAverage()}; ${SAVES} saves, wrk ${SECONDS}s × ${CONNECTIONS} connections per page`);
const results: Record<Setting, Awaited<ReturnType<typeof measure>>[]> = { FULL: [], NORMAL: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const setting of round % 2 ? (['NORMAL', 'FULL'] as const) : (['FULL', 'NORMAL'] as const)) {
    const result = await measure(setting, wrk);
    results[setting].push(result);
    console.log(
      `round ${round + 1} ${setting.padEnd(6)} save p50 ${result.save.p50.toFixed(2)} ms, p95 ${result.save.p95.toFixed(2)} ms, mean ${result.save.mean.toFixed(2)} ms; ` +
        PAGES.map((page) => `${page} ${Math.round(result.pages[page]!)} req/s`).join(', '),
    );
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const setting of ['FULL', 'NORMAL'] as const) {
  const runs = results[setting];
  console.log(
    `${setting.padEnd(6)} median of rounds: save p50 ${median(runs.map((r) => r.save.p50)).toFixed(2)} ms, p95 ${median(runs.map((r) => r.save.p95)).toFixed(2)} ms; ` +
      PAGES.map((page) => `${page} ${Math.round(median(runs.map((r) => r.pages[page]!)))} req/s`).join(', '),
  );
}
// Each round ran both settings back to back: their difference is the fairest figure on a busy machine.
const differences = results.FULL.map((full, round) => full.save.p50 - results.NORMAL[round]!.save.p50);
console.log(
  `FULL − NORMAL save p50, per round: ${differences.map((d) => d.toFixed(1)).join(', ')} ms; median ${median(differences).toFixed(1)} ms`,
);
console.log(`load average after: ${loadAverage()}`);
