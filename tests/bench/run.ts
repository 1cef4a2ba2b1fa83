// `npm run bench`: the public pages measured with wrk (a load generator in C), in one run and interleaved page
// by page: nginx serving the same HTML bytes as a static file (1 worker), plain Node (node:http + fs.readFile)
// serving the same bytes, plain Node answering from memory (what node:http itself can reach), Atelier answering
// from its cache and Atelier rendering (cache bypassed), each with 1 and 2 worker processes, and `/` through
// nginx with docs/deploy/nginx.conf. Then the compressed JS/CSS each page loads, Lighthouse's runs (goal 4,
// lighthouse-runs.ts), and PASS/FAIL per goal (the rendering goals on the median of interleaved pairs of `/`, as
// this machine's speed drifts).
// Not part of `npm test`: a benchmark on a shared machine is not a timed test.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { documentedNginxConfig, throwAwayCertificate } from '#tests/support/documented-nginx.ts';

import { ensureBuilt, freePort, loadAverage } from './bench-setup.ts';
import { runLighthouse } from './lighthouse-runs.ts';
import { gzippedSize, pageAssets } from './page-assets.ts';
import { cpuSeconds, ensureInstalled, runWrk, type WrkResult } from './wrk.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const THREADS = Number(process.env.BENCH_THREADS ?? 2);
/** Seconds of rendering each page on each server before it is measured (every worker's JIT warm). */
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 3);
/**
 * Seconds per page and per worker of rendering all pages once before the first row: a render kept
 * getting cheaper for its first ~10 s of running (4.1 → 2.6 ms of CPU for `/`), so a per-page warm-up
 * alone left the 2-worker server, whose workers share it, measured while still compiling.
 */
const START_WARM_SECONDS = Number(process.env.BENCH_START_WARM_SECONDS ?? 4);
/** WordPress's req/s for its front page on this machine, from ../shared/tools/peer-wordpress.sh. */
const WORDPRESS_RPS = Number(process.env.WORDPRESS_RPS ?? Number.NaN);
const PAGES = ['/', '/blog', '/blog/getting-started-with-web-development', '/about'];
// A cookie that is not a valid session: the visitor stays anonymous, but the page is rendered
// for this request alone, which is what "rendered" measures.
const BYPASS = { Cookie: 'atelier_session=bench-not-a-session' };
const JS_BUDGET = 15 * 1024;
/** Pairs of rendered `/` rows (1 worker, then 2) the rendering goals take the median of. */
const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
/** Goal 4 adds about 5 minutes of Lighthouse runs; BENCH_LIGHTHOUSE=0 leaves it out. */
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';

function start(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(ready);
      if (match) resolve({ child, match });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code}:\n${output}`)));
  });
}

/** The file a page's HTML is written to, for nginx and plain Node alike: / → /index.html, /blog → /blog.html. */
export const fileFor = (page: string) => (page === '/' ? '/index.html' : `${page}.html`);

function staticNginxConfig(work: string, root: string, port: number): string {
  return `worker_processes 1;
daemon off;
pid ${work}/static-nginx.pid;
error_log ${work}/static-nginx-error.log warn;
user root;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  default_type text/html;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files /index.html =404; }
    location ~ ^/.+ { try_files $uri.html =404; }
  }
}
`;
}

interface Row {
  page: string;
  what: string;
  run: WrkResult;
  cpuMsPerRequest?: number;
}

/** A GET whose body is read; retried once, as a kept-alive socket may close between wrk runs. */
async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const once = async () => {
    const response = await fetch(url, { headers });
    await response.clone().arrayBuffer();
    return response;
  };
  return once().catch(once);
}

const pad = (value: string | number, width: number) => String(value).padStart(width);
const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

async function main() {
  const wrk = ensureInstalled('wrk', 'wrk');
  const nginx = ensureInstalled('nginx', 'nginx');
  ensureBuilt();
  const work = mkdtempSync(path.join(tmpdir(), 'atelier-bench-'));
  const htmlDir = path.join(work, 'html');
  mkdirSync(path.join(htmlDir, 'blog'), { recursive: true });
  mkdirSync(path.join(work, 'proxy-cache'));
  const children: ChildProcess[] = [];
  const goals: Array<{ name: string; value: string; pass: boolean | null }> = [];
  const goal = (name: string, value: string, pass: boolean | null) => goals.push({ name, value, pass });
  try {
    // Two Atelier servers on fresh data directories: one process, and a cluster of two workers.
    const atelier: Record<1 | 2, { origin: string; pid: number }> = { 1: { origin: '', pid: 0 }, 2: { origin: '', pid: 0 } };
    for (const workers of [1, 2] as const) {
      const port = await freePort();
      const server = await start(
        'node',
        ['server/start.js'],
        {
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: path.join(work, `data-${workers}`),
          DATABASE_URL: '',
          ADMIN_PASSWORD: 'bench-admin-password',
          WEB_CONCURRENCY: String(workers),
          // nginx passes the host name without the port.
          ALLOWED_HOSTS: `127.0.0.1:${port},127.0.0.1`,
          TRUST_PROXY: 'loopback',
        },
        workers === 1 ? /listening on/ : /(?:listening on[^]*){2}/,
      );
      children.push(server.child);
      atelier[workers] = { origin: `http://127.0.0.1:${port}`, pid: server.child.pid! };
    }

    // The same bytes as the cache sends, for nginx and plain Node; and what each page loads.
    const sizes: Array<{ page: string; html: number; js: number; css: number; files: number }> = [];
    for (const page of PAGES) {
      const response = await get(atelier[1].origin + page);
      if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
      const html = await response.text();
      writeFileSync(path.join(htmlDir, fileFor(page)), html);
      const assets = pageAssets(html);
      sizes.push({
        page,
        html: Buffer.byteLength(html),
        js: await gzippedSize(atelier[1].origin, assets.js),
        css: await gzippedSize(atelier[1].origin, assets.css),
        files: assets.js.length + assets.css.length,
      });
    }

    const staticPort = await freePort();
    writeFileSync(path.join(work, 'static-nginx.conf'), staticNginxConfig(work, htmlDir, staticPort));
    const staticNginx = spawn(nginx, ['-p', work, '-c', path.join(work, 'static-nginx.conf')], { stdio: 'ignore' });
    children.push(staticNginx);
    // Node itself with tsx's loader, not `npx tsx`: stopping npx left its node child serving after the bench.
    const node = await start(
      process.execPath,
      ['--import', 'tsx', 'tests/bench/static-server.ts', htmlDir, '0'],
      {},
      /static-server-listening (\d+)/,
    );
    children.push(node.child);
    const nodeMemory = await start(
      process.execPath,
      ['--import', 'tsx', 'tests/bench/static-server.ts', htmlDir, '0', 'memory'],
      {},
      /static-server-listening (\d+)/,
    );
    children.push(nodeMemory.child);

    const cert = throwAwayCertificate(work);
    const proxyPorts = { https: await freePort(), http: await freePort(), upstream: Number(new URL(atelier[1].origin).port) };
    writeFileSync(
      path.join(work, 'proxy-nginx.conf'),
      documentedNginxConfig(work, { https: proxyPorts.https, http: proxyPorts.http, upstreams: [proxyPorts.upstream] }, cert),
    );
    const proxy = spawn(nginx, ['-p', work, '-c', path.join(work, 'proxy-nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(proxy);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const nginxOrigin = `http://127.0.0.1:${staticPort}`;
    const nodeOrigin = `http://127.0.0.1:${node.match[1]}`;
    const nodeMemoryOrigin = `http://127.0.0.1:${nodeMemory.match[1]}`;
    const proxyOrigin = `https://127.0.0.1:${proxyPorts.https}`;
    const options = { seconds: SECONDS, connections: CONNECTIONS, threads: THREADS };
    const rows: Row[] = [];

    console.log(`\nwrk -t${THREADS} -c${CONNECTIONS} -d${SECONDS}s per row, Node ${process.version}, ${new Date().toISOString()}.`);
    console.log(
      'This machine has 2 cores shared with wrk itself (and with any other work running on it): figures are for comparing rows of one run.',
    );
    console.log('"nginx" and "node" serve the very bytes Atelier sends for that page, from a file.');
    // Other work on the machine takes cores from every row: the load average says how much.
    console.log(`Load average at start: ${loadAverage()}.\n`);
    console.log(`${'page'.padEnd(44)}${'what'.padEnd(26)}${pad('req/s', 9)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('CPU ms/req', 11)}`);
    const print = (row: Row) =>
      console.log(
        `${row.page.padEnd(44)}${row.what.padEnd(26)}${pad(row.run.rps.toFixed(0), 9)}${pad(row.run.p50.toFixed(2), 9)}${pad(row.run.p99.toFixed(2), 9)}${pad(row.cpuMsPerRequest?.toFixed(2) ?? '', 11)}`,
      );
    const measure = (page: string, what: string, url: string, headers?: Record<string, string>, pid?: number) => {
      const before = pid ? cpuSeconds(pid) : 0;
      const run = runWrk(wrk, url, { ...options, headers });
      const row: Row = { page, what, run, cpuMsPerRequest: pid ? ((cpuSeconds(pid) - before) * 1000) / run.requests : undefined };
      rows.push(row);
      print(row);
      return row;
    };

    for (const workers of [1, 2] as const) {
      for (const page of PAGES) {
        runWrk(wrk, atelier[workers].origin + page, { ...options, seconds: START_WARM_SECONDS * workers, headers: BYPASS });
      }
    }
    const find = (page: string, what: string) => rows.find((row) => row.page === page && row.what === what)!;
    for (const page of PAGES) {
      for (const workers of [1, 2] as const) {
        // Warm every worker's JIT and lazily loaded route modules with a short wrk run of its own: a few
        // requests, spread over two workers, left each one cold, and a rendered row of a few dozen
        // requests then measured start-up compilation, which made 2 workers look slower than 1.
        runWrk(wrk, atelier[workers].origin + page, { ...options, seconds: WARM_SECONDS, headers: BYPASS });
        for (let i = 0; i < 4; i++) {
          const hit = await get(atelier[workers].origin + page);
          if (i === 3 && hit.headers.get('x-cache') !== 'HIT') throw new Error(`${page} is not answered from the cache`);
        }
      }
      measure(page, 'nginx, same bytes', nginxOrigin + page);
      measure(page, 'node:http, same bytes', nodeOrigin + page);
      measure(page, 'node:http, bytes in memory', nodeMemoryOrigin + page);
      measure(page, 'Atelier hit, 1 worker', atelier[1].origin + page, undefined, atelier[1].pid);
      measure(page, 'Atelier rendered, 1 worker', atelier[1].origin + page, BYPASS, atelier[1].pid);
      measure(page, 'Atelier hit, 2 workers', atelier[2].origin + page, undefined, atelier[2].pid);
      measure(page, 'Atelier rendered, 2 workers', atelier[2].origin + page, BYPASS, atelier[2].pid);
      if (page === '/') {
        for (let i = 0; i < 3; i++) await get(proxyOrigin + page).catch(() => undefined);
        measure(page, 'nginx proxy_cache → 1 wkr', proxyOrigin + page);
      }
    }

    // This machine's speed drifts from second to second (one row of `/` measured 1.5 and, 5 s later, 2.5 ms of
    // CPU per render): the goals on rendering take the median of interleaved pairs, the table's pair included.
    console.log(`\nRendered \`/\`, ${PAIRS - 1} more interleaved pairs of 1 and 2 workers (the goals take the median of all ${PAIRS}):\n`);
    const pairs = [{ one: find('/', 'Atelier rendered, 1 worker'), two: find('/', 'Atelier rendered, 2 workers') }];
    for (let i = 1; i < PAIRS; i++) {
      pairs.push({
        one: measure('/', 'Atelier rendered, 1 worker', atelier[1].origin + '/', BYPASS, atelier[1].pid),
        two: measure('/', 'Atelier rendered, 2 workers', atelier[2].origin + '/', BYPASS, atelier[2].pid),
      });
    }

    console.log(`\nCompressed (gzip -9) JavaScript and CSS each page loads (goal: ≤ ${JS_BUDGET / 1024} KB of JavaScript):\n`);
    console.log(`${'page'.padEnd(44)}${pad('HTML KB', 9)}${pad('JS KB', 8)}${pad('CSS KB', 8)}${pad('files', 7)}`);
    for (const size of sizes) {
      console.log(
        `${size.page.padEnd(44)}${pad((size.html / 1024).toFixed(1), 9)}${pad((size.js / 1024).toFixed(1), 8)}${pad((size.css / 1024).toFixed(1), 8)}${pad(size.files, 7)}`,
      );
    }

    const home = (what: string) => find('/', what);
    const hitVsNode = ratio(home('Atelier hit, 1 worker').run.rps, home('node:http, same bytes').run.rps);
    const hitVsNginx = ratio(home('Atelier hit, 1 worker').run.rps, home('nginx, same bytes').run.rps);
    // What node:http itself reaches here: a hit cannot be faster than a server that only writes the bytes.
    const ceilingVsNginx = ratio(home('node:http, bytes in memory').run.rps, home('nginx, same bytes').run.rps);
    const renderCpus = pairs.map((pair) => pair.one.cpuMsPerRequest!);
    const scalings = pairs.map((pair) => ratio(pair.two.run.rps, pair.one.run.rps));
    const renderCpu = median(renderCpus);
    const renderRps = median(pairs.map((pair) => pair.one.run.rps));
    const scaling = median(scalings);
    const maxJs = Math.max(...sizes.map((size) => size.js));
    const proxied = home('nginx proxy_cache → 1 wkr').run.rps;

    console.log(`\nLoad average at the end: ${loadAverage()}.`);
    goal('1. public JS ≤ 15 KB compressed (largest page)', `${(maxJs / 1024).toFixed(1)} KB`, maxJs <= JS_BUDGET);
    goal('2. cache hit ≥ 1.5× plain Node, same bytes', `${hitVsNode.toFixed(2)}× (${hitVsNginx.toFixed(2)}× nginx)`, hitVsNode >= 1.5);
    goal(
      '2b. cache hit ≥ 0.6× nginx, same bytes',
      `${hitVsNginx.toFixed(2)}× (node:http in memory ${ceilingVsNginx.toFixed(2)}×)`,
      hitVsNginx >= 0.6,
    );
    goal(
      '3a. render ≤ 3 ms CPU per request (median)',
      `${renderCpu.toFixed(2)} ms (${renderCpus.map((value) => value.toFixed(2)).join(', ')})`,
      renderCpu <= 3,
    );
    goal(
      '3b. render ≥ 20× WordPress (WORDPRESS_RPS from peer-wordpress.sh)',
      Number.isFinite(WORDPRESS_RPS)
        ? `${ratio(renderRps, WORDPRESS_RPS).toFixed(1)}× (${renderRps.toFixed(0)} vs ${WORDPRESS_RPS})`
        : 'set WORDPRESS_RPS=…',
      Number.isFinite(WORDPRESS_RPS) ? renderRps >= 20 * WORDPRESS_RPS : null,
    );
    goal(
      '5. 2 workers render ≥ 1.3× 1 worker (median)',
      `${scaling.toFixed(2)}× (${scalings.map((value) => value.toFixed(2)).join(', ')})`,
      scaling >= 1.3,
    );
    goal('6. `/` through docs/deploy/nginx.conf (TLS, proxy_cache)', `${proxied.toFixed(0)} req/s`, proxied > 0);
  } finally {
    for (const child of children.reverse()) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    rmSync(work, { recursive: true, force: true });
  }

  // Lighthouse last, once every server above has stopped: it starts its own, and shares the cores with none of them.
  const lighthouseGoal = '4. Lighthouse mobile 100 ×4 (every category, page and run)';
  if (LIGHTHOUSE) {
    console.log();
    const { perfect, total } = await runLighthouse();
    goal(lighthouseGoal, `${perfect}/${total} runs`, perfect === total);
  } else {
    goal(lighthouseGoal, 'BENCH_LIGHTHOUSE=0', null);
  }

  console.log('\nGoals (ratios from this run; `/` unless said):\n');
  for (const { name, value, pass } of goals.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))) {
    console.log(`${name.padEnd(66)}${value.padEnd(46)}${pass === null ? 'NOT MEASURED' : verdict(pass)}`);
  }
}

await main();
