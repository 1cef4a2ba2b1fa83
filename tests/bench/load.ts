// npm run bench:load — visitors while editors save (issue 27, decision 031 "Load with editors at work"): LOAD_VISITORS
// (200) connections of wrk over the public pages while LOAD_EDITORS (5) editors each save a post every second through
// HTTP, for LOAD_SECONDS (60) per scenario (after LOAD_WARM_SECONDS (10) of the same visitors, not measured): one
// instance; two instances behind nginx (multi-instance.md's upstream and retry rules); two behind nginx with one killed
// (SIGKILL) and restarted halfway. Visitors are two wrk processes: "unchanged" pages (articles no editor touches:
// answered from the cache) and "changed" pages (/, /blog and the edited articles: rendered again after each save).
// Goals: no failed visitor request, p99 < 100 ms unchanged, < 500 ms changed. Needs a build (npm run build), PostgreSQL
// (TEST_DATABASE_URL or BENCH_DATABASE_URL; without it, the one-instance scenario alone runs on SQLite), Debian's nginx
// and wrk. Not part of npm test.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { freshDatabase, type Instance, startInstance } from '#tests/support/instances.ts';
import { isSaved, queryData, request, savePost, signInProcessAdmin, startServerProcess } from '#tests/support/server-process.ts';

import { ensureBuilt, freePort, loadAverage } from './bench-setup.ts';
import { ensureInstalled } from './wrk.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
/**
 * Seconds of the same visitors before the measured run, as on a site that has been up for a while: a fresh process
 * compiles its code in its first seconds under load. Measured on one instance with no editor: 200 connections put
 * the cached pages' p99 at 470 ms when measured from the start, and at 33 ms after 5 s of this.
 */
const WARM_SECONDS = Number(process.env.LOAD_WARM_SECONDS ?? 10);
const VISITORS = Number(process.env.LOAD_VISITORS ?? 200);
const EDITORS = Number(process.env.LOAD_EDITORS ?? 5);
const ARTICLES = Number(process.env.LOAD_ARTICLES ?? 30);
const SCENARIOS = (process.env.LOAD_SCENARIOS ?? 'one,two,failover').split(',');
const DATABASE = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
/** Connections for the pages editors change; the rest ask for the unchanged ones. */
const CHANGED_SHARE = 0.1;
const GOALS = { unchangedP99: 100, changedP99: 500 };
/** The Publish Date every seeded post has, and that editors' saves keep. */
const PUBLISHED_AT = '2024-06-01T09:00';

interface Visit {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  detail: string;
}

function toMs(value: string | undefined): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec((value ?? '').trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
}

/** wrk's report, failures counted rather than thrown: answers not 2xx/3xx, and socket errors of any kind. */
function readWrk(output: string): Visit {
  const bad = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socket = errors ? errors.slice(1).map(Number) : [0, 0, 0, 0];
  return {
    requests: Number(/(\d+) requests in/.exec(output)?.[1] ?? 0),
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0),
    p50: toMs(/^\s+50%\s+(\S+)/m.exec(output)?.[1]),
    p99: toMs(/^\s+99%\s+(\S+)/m.exec(output)?.[1]),
    failed: bad + socket.reduce((a, b) => a + b, 0),
    detail: `non-2xx/3xx ${bad}, connect ${socket[0]}, read ${socket[1]}, write ${socket[2]}, timeout ${socket[3]}`,
  };
}

/** A Lua script that walks `paths` in turn on each connection, as a browser would (brotli accepted). */
function luaScript(work: string, name: string, paths: string[]): string {
  const file = path.join(work, `${name}.lua`);
  writeFileSync(
    file,
    `local paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }
local n = 0
wrk.headers["Accept-Encoding"] = "gzip, deflate, br"
init = function(args) n = math.random(#paths) end
request = function()
  n = n % #paths + 1
  return wrk.format("GET", paths[n])
end
`,
  );
  return file;
}

function runWrkAsync(wrk: string, origin: string, script: string, connections: number, threads: number, seconds = SECONDS): Promise<Visit> {
  return new Promise((resolve, reject) => {
    const child = spawn(wrk, [
      '-t',
      String(threads),
      '-c',
      String(connections),
      '-d',
      `${seconds}s`,
      '--latency',
      '--timeout',
      '10s',
      '-s',
      script,
      origin,
    ]);
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(readWrk(out)) : reject(new Error(`wrk exited ${code}: ${out}`))));
  });
}

/** multi-instance.md's upstream and retry rules, on plain HTTP (no proxy_cache: the visitors measure Atelier). */
function upstreamNginx(work: string, port: number, upstreams: number[]): string {
  return `worker_processes auto;
daemon off;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
user root;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  upstream atelier {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=2 fail_timeout=5s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_next_upstream error timeout http_502 http_503 http_504;
    proxy_next_upstream_tries 2;
    proxy_next_upstream_timeout 10s;
    location / { proxy_pass http://atelier; }
  }
}
`;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;

/** Each editor saves their own post every second through `port` until `stop`; a failed save re-reads the version. */
function editors(port: () => number, cookie: string, where: { dataDir: string; databaseUrl?: string }, posts: Post[]) {
  let stopped = false;
  const times: number[] = [];
  const failures: string[] = [];
  const one = async (post: Post) => {
    for (let round = 0; !stopped; round++) {
      const started = performance.now();
      const reply = await savePost(
        port(),
        cookie,
        {
          title: post.title,
          slug: post.slug,
          content: `<p>Edit ${round} of ${post.title}.</p>${'<p>Body text. </p>'.repeat(30)}`,
          categoryId: post.categoryId,
          version: post.version,
          // The editor's form carries the post's date: a save that kept it empty would date the post anew each time.
          publishDate: PUBLISHED_AT,
        },
        post.id,
      ).catch((error: Error) => ({ status: 0, headers: {}, body: error.message }));
      const took = performance.now() - started;
      if (isSaved(reply)) {
        times.push(took);
        post.version++;
      } else {
        failures.push(`${reply.status}`);
        const [row] = await queryData(where, `select version from blog_posts where id = ${where.databaseUrl ? '$1' : '?'}`, [
          post.id,
        ]).catch(() => []);
        if (row) post.version = Number(row.version);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - took)));
    }
  };
  const running = posts.map(one);
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(running);
      times.sort((a, b) => a - b);
      return { saves: times.length, failures, p50: percentile(times, 50), p99: percentile(times, 99) };
    },
  };
}

interface Post {
  id: string;
  slug: string;
  title: string;
  categoryId: string;
  version: number;
}

/** The site the visitors read: ARTICLES articles nobody edits, and one post per editor. */
async function seedSite(port: number, cookie: string, where: { dataDir: string; databaseUrl?: string }) {
  const [category] = await queryData(where, 'select id from categories order by name limit 1');
  const categoryId = String(category!.id);
  const body = '<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. </p>'.repeat(40);
  const make = async (slug: string, title: string) => {
    const reply = await savePost(port, cookie, { title, slug, content: body, categoryId, publishDate: PUBLISHED_AT });
    if (!isSaved(reply)) throw new Error(`could not create ${slug}: ${reply.status} ${reply.body.slice(0, 200)}`);
  };
  for (let i = 0; i < ARTICLES; i++) await make(`reading-${i}`, `Reading ${i}`);
  for (let i = 0; i < EDITORS; i++) await make(`edited-${i}`, `Edited ${i}`);
  const rows = await queryData(where, "select id, slug, title, version from blog_posts where slug like 'edited-%' order by slug");
  const posts: Post[] = rows.map((row) => ({
    id: String(row.id),
    slug: String(row.slug),
    title: String(row.title),
    categoryId,
    version: Number(row.version),
  }));
  return {
    posts,
    unchanged: Array.from({ length: ARTICLES }, (_, i) => `/blog/reading-${i}`),
    changed: ['/', '/blog', ...posts.map((post) => `/blog/${post.slug}`)],
  };
}

interface Outcome {
  scenario: string;
  unchanged: Visit;
  changed: Visit;
  editing: Awaited<ReturnType<ReturnType<typeof editors>['stop']>>;
  loadBefore: string;
  loadAfter: string;
  note: string;
}

async function scenario(name: 'one' | 'two' | 'failover', wrk: string, nginxBinary: string): Promise<Outcome> {
  const work = mkdtempSync(path.join(tmpdir(), `atelier-load-${name}-`));
  const children: ChildProcess[] = [];
  const instances: Instance[] = [];
  const database = DATABASE ? await freshDatabase() : null;
  const env = { ALLOWED_HOSTS: '127.0.0.1' };
  try {
    const start = async (extra: Record<string, string> = {}) => {
      const instance = database
        ? await startInstance(database.url, { ...env, ...extra })
        : { ...startServerProcess({ port: Number(extra.PORT ?? (await freePort())), dataDir: work, env }), dataDir: work };
      await instance.listening;
      return instance;
    };
    instances.push(await start());
    if (name !== 'one') instances.push(await start());
    let entry = instances[0]!.port;
    if (name !== 'one') {
      entry = await freePort();
      writeFileSync(
        path.join(work, 'nginx.conf'),
        upstreamNginx(
          work,
          entry,
          instances.map((instance) => instance.port),
        ),
      );
      children.push(spawn(nginxBinary, ['-p', work, '-c', path.join(work, 'nginx.conf')], { stdio: 'ignore' }));
      for (let tries = 0; (await request(entry, 'GET', '/healthz').catch(() => null))?.status !== 200; tries++) {
        if (tries > 100) throw new Error('nginx did not start');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const where = { dataDir: instances[0]!.dataDir, databaseUrl: database?.url };
    const cookie = await signInProcessAdmin(entry);
    const site = await seedSite(entry, cookie, where);
    // Warm every page once, as a site that has been up for a while.
    for (const page of [...site.unchanged, ...site.changed]) await request(entry, 'GET', page);

    const changedConnections = Math.max(1, Math.round(VISITORS * CHANGED_SHARE));
    const origin = `http://127.0.0.1:${entry}`;
    const visitors = (seconds: number) =>
      Promise.all([
        runWrkAsync(wrk, origin, luaScript(work, 'unchanged', site.unchanged), VISITORS - changedConnections, 2, seconds),
        runWrkAsync(wrk, origin, luaScript(work, 'changed', site.changed), changedConnections, 1, seconds),
      ]);
    if (WARM_SECONDS > 0) await visitors(WARM_SECONDS);
    const loadBefore = loadAverage();
    const editing = editors(() => entry, cookie, where, site.posts);
    const visits = visitors(SECONDS);
    let note = '';
    if (name === 'failover') {
      await new Promise((resolve) => setTimeout(resolve, (SECONDS * 1000) / 2));
      const victim = instances[0]!;
      victim.child.kill('SIGKILL');
      await victim.exited;
      const killedAt = performance.now();
      instances[0] = await start({ PORT: String(victim.port) });
      note = `A killed (SIGKILL) at ${SECONDS / 2} s, listening again ${((performance.now() - killedAt) / 1000).toFixed(1)} s later`;
    }
    const [unchanged, changed] = await visits;
    const outcome = { scenario: name, unchanged, changed, editing: await editing.stop(), loadBefore, loadAfter: loadAverage(), note };
    return outcome;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    for (const instance of instances)
      if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGKILL');
    await Promise.all(instances.map((instance) => instance.exited));
    await database?.drop();
  }
}

const fmt = (ms: number) => (Number.isFinite(ms) ? `${ms.toFixed(1)} ms` : 'n/a');

async function main() {
  ensureBuilt();
  const wrk = ensureInstalled('wrk', 'wrk');
  const nginx = ensureInstalled('nginx', 'nginx');
  const wanted = SCENARIOS.filter((name): name is 'one' | 'two' | 'failover' => ['one', 'two', 'failover'].includes(name));
  const runnable = DATABASE ? wanted : wanted.filter((name) => name === 'one');
  if (runnable.length < wanted.length)
    console.log('No PostgreSQL (TEST_DATABASE_URL or BENCH_DATABASE_URL): two-instance scenarios left out.');
  console.log(
    `${VISITORS} visitor connections (${Math.round(VISITORS * CHANGED_SHARE)} on the pages editors change), ${EDITORS} editors saving every second, ${SECONDS} s per scenario, ` +
      `${DATABASE ? 'PostgreSQL' : 'SQLite'}, Node ${process.version}, ${new Date().toISOString()}`,
  );
  let allPass = true;
  for (const name of runnable) {
    const result = await scenario(name, wrk, nginx);
    const failed = result.unchanged.failed + result.changed.failed;
    const checks = [
      [
        `zero failed visitor requests`,
        failed === 0,
        `${failed} failed (unchanged: ${result.unchanged.detail}; changed: ${result.changed.detail})`,
      ],
      [`p99 unchanged pages < ${GOALS.unchangedP99} ms`, result.unchanged.p99 < GOALS.unchangedP99, fmt(result.unchanged.p99)],
      [`p99 changed pages < ${GOALS.changedP99} ms`, result.changed.p99 < GOALS.changedP99, fmt(result.changed.p99)],
    ] as const;
    console.log(
      `\n== ${name === 'one' ? 'one instance' : name === 'two' ? 'two instances behind nginx' : 'two behind nginx, one killed and restarted'} ==`,
    );
    console.log(`load average before ${result.loadBefore}, after ${result.loadAfter}${result.note ? `; ${result.note}` : ''}`);
    for (const [label, visit] of [
      ['unchanged pages', result.unchanged],
      ['changed pages', result.changed],
    ] as const) {
      console.log(
        `${label.padEnd(16)} ${visit.requests} requests, ${visit.rps.toFixed(0)} req/s, p50 ${fmt(visit.p50)}, p99 ${fmt(visit.p99)}`,
      );
    }
    const editing = result.editing;
    console.log(
      `editors          ${editing.saves} saves acknowledged, p50 ${fmt(editing.p50)}, p99 ${fmt(editing.p99)}; ${editing.failures.length} not acknowledged${editing.failures.length ? ` (${[...new Set(editing.failures)].join(', ')})` : ''}`,
    );
    for (const [label, ok, value] of checks) {
      allPass &&= ok;
      console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}: ${value}`);
    }
  }
  console.log(`\n${allPass ? 'PASS' : 'FAIL'} overall`);
}

await main();
