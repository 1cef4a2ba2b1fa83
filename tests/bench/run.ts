// `npm run bench`: throughput and latency of the public pages, cached and
// uncached, next to plain Node serving the same HTML bytes as static files,
// plus the gzipped JavaScript and CSS each page loads. One run, this machine.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { gzippedSize, pageAssets } from './page-assets.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PAGES = ['/', '/blog', '/blog/getting-started-with-web-development'];
// A cookie that is not a valid session: the visitor stays anonymous, but the
// page is rendered for this request alone, which is what "uncached" measures.
const UNCACHED = { cookie: 'atelier_session=bench-not-a-session' };

function start(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
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

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const pad = (value: string | number, width: number) => String(value).padStart(width);

async function main() {
  if (!existsSync('build/server/index.js')) {
    console.log('Building first…');
    if (spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
  }
  const work = mkdtempSync(path.join(tmpdir(), 'atelier-bench-'));
  const htmlDir = path.join(work, 'html');
  mkdirSync(htmlDir);
  const port = 3400 + Math.floor(Math.random() * 400);
  const app = await start(
    'node',
    ['server/start.js'],
    { NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(work, 'data'), DATABASE_URL: '', ADMIN_PASSWORD: 'bench-admin-password' },
    /listening on/,
  );
  const origin = `http://127.0.0.1:${port}`;
  const children = [app.child];
  try {
    const sizes: Array<{ page: string; js: number; css: number; files: number }> = [];
    for (const page of PAGES) {
      const html = await (await fetch(origin + page)).text();
      writeFileSync(path.join(htmlDir, `${page.replace(/[^\w.-]/g, '_') || 'index'}.html`), html);
      const assets = pageAssets(html);
      sizes.push({ page, js: await gzippedSize(origin, assets.js), css: await gzippedSize(origin, assets.css), files: assets.js.length + assets.css.length });
    }
    const staticServer = await start('npx', ['tsx', 'tests/bench/static-server.ts', htmlDir, '0'], {}, /static-server-listening (\d+)/);
    children.push(staticServer.child);
    const staticOrigin = `http://127.0.0.1:${staticServer.match[1]}`;

    console.log(`\nThroughput: ${CONNECTIONS} connections, ${DURATION_S} s per row, Node ${process.version}, this machine.`);
    console.log('"static" is plain Node (node:http + fs.readFile) serving the same HTML bytes; ratio = req/s ÷ static req/s.\n');
    console.log(`${'page'.padEnd(46)}${'mode'.padEnd(10)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('ratio', 8)}`);
    for (const page of PAGES) {
      await measure(origin + page); // warm the cache and the JIT
      const staticRun = await measure(staticOrigin + page);
      const cached = await measure(origin + page);
      const uncached = await measure(origin + page, UNCACHED);
      for (const [mode, run] of [['static', staticRun], ['cached', cached], ['uncached', uncached]] as const) {
        const ratio = (run.rps / staticRun.rps).toFixed(2);
        console.log(`${page.padEnd(46)}${mode.padEnd(10)}${pad(run.rps.toFixed(0), 9)}${pad(run.p50, 8)}${pad(run.p99, 8)}${pad(ratio, 8)}`);
      }
    }

    console.log('\nGzipped (level 9) JavaScript and CSS each public page loads (budget: 120 KB of JavaScript):\n');
    console.log(`${'page'.padEnd(46)}${pad('JS KB', 8)}${pad('CSS KB', 8)}${pad('files', 7)}`);
    for (const size of sizes) {
      console.log(`${size.page.padEnd(46)}${pad((size.js / 1024).toFixed(1), 8)}${pad((size.css / 1024).toFixed(1), 8)}${pad(size.files, 7)}`);
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
