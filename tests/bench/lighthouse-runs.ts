// Lighthouse (mobile, its default) against the landing page, the blog, an article and a static page,
// LIGHTHOUSE_RUNS times each (5), on the built server with a fresh data directory, in Debian's Chromium.
// Prints the four category scores of every run and the audits that cost points, and returns how many runs
// scored 100 in every category. Run by `npm run bench` (goal 4) and alone by `npm run bench:lighthouse`.
// Not part of `npm test`: scores depend on the machine's load (performance above all), so note
// `uptime` next to them.
// Lighthouse is not a dependency: it runs through `npx --yes lighthouse@12` (set LIGHTHOUSE to another command).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ensureBuilt, freePort, loadAverage } from './bench-setup.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/,/blog,/blog/getting-started-with-web-development,/about').split(',');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE = (process.env.LIGHTHOUSE ?? 'npx --yes lighthouse@12').split(' ');
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
}

interface Report {
  categories: Record<(typeof CATEGORIES)[number], { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, Audit>;
}

function startAtelier(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn('node', ['server/start.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_PASSWORD: 'lighthouse-admin-password',
      WEB_CONCURRENCY: '1',
      ALLOWED_HOSTS: `127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on/.test(output)) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`Atelier exited with ${code}:\n${output}`)));
  });
}

/** One Lighthouse run; tried up to three times, as Chromium on a loaded machine sometimes loses the trace (NO_NAVSTART). */
function lighthouse(url: string, attempt = 1): Report {
  const [command, ...args] = LIGHTHOUSE;
  const run = spawnSync(
    command!,
    [
      ...args,
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--only-categories=${CATEGORIES.join(',')}`,
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { encoding: 'utf8', env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) {
    if (attempt < 3) {
      console.log(`  (Lighthouse failed on ${url}, trying again: ${run.stderr.trim().split('\n').at(-1)})`);
      return lighthouse(url, attempt + 1);
    }
    throw new Error(`Lighthouse failed on ${url}:\n${run.stderr}`);
  }
  return JSON.parse(run.stdout) as Report;
}

/** The audits that cost points in a category (weighted, scored below 1), for the note under the table. */
function lostPoints(report: Report): string[] {
  const lost: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of report.categories[category].auditRefs) {
      const audit = report.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      lost.push(`${category}: ${audit.title} (${audit.id}, score ${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ''})`);
    }
  }
  return lost;
}

/** The lab metrics behind the performance score, printed beside it so that a 99 says which one slipped. */
const METRICS = [
  ['first-contentful-paint', 'FCP ms'],
  ['largest-contentful-paint', 'LCP ms'],
  ['total-blocking-time', 'TBT ms'],
  ['speed-index', 'SI ms'],
] as const;

function metric(report: Report, id: string): string {
  const value = report.audits[id]?.numericValue;
  return value === undefined ? '–' : String(Math.round(value));
}

const score = (value: number | null) => (value === null ? '  –' : String(Math.round(value * 100)).padStart(3));

/** Runs with 100 in all four categories, out of all runs. */
export interface LighthouseResult {
  perfect: number;
  total: number;
}

export async function runLighthouse(): Promise<LighthouseResult> {
  if (!existsSync(CHROME)) throw new Error(`No Chromium at ${CHROME} (apt-get install chromium, or set CHROME_PATH)`);
  ensureBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-lighthouse-'));
  const port = await freePort();
  const server = await startAtelier(port, dataDir);
  const origin = `http://127.0.0.1:${port}`;
  const result: LighthouseResult = { perfect: 0, total: 0 };
  try {
    console.log(`Lighthouse mobile, ${RUNS} runs per page, Chromium ${CHROME}, ${new Date().toISOString()}`);
    console.log(`Load average at start: ${loadAverage()}\n`);
    console.log(
      `${'page'.padEnd(46)}${'run'.padStart(4)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'best'.padStart(6)}${'seo'.padStart(6)}` +
        METRICS.map(([, label]) => label.padStart(8)).join(''),
    );
    const notes = new Map<string, Set<string>>();
    for (const page of PAGES) {
      // The page is then in the HTML cache, as a visitor's would be.
      // Retried once: a kept-alive socket may have closed while Lighthouse ran.
      const warm = () => fetch(origin + page).then((response) => response.arrayBuffer());
      await warm().catch(warm);
      for (let run = 1; run <= RUNS; run++) {
        const report = lighthouse(origin + page);
        const scores = CATEGORIES.map((category) => report.categories[category].score);
        result.total++;
        if (scores.every((value) => value === 1)) result.perfect++;
        console.log(
          `${page.padEnd(46)}${String(run).padStart(4)}${scores.map((value) => score(value).padStart(6)).join('')}` +
            METRICS.map(([id]) => metric(report, id).padStart(8)).join(''),
        );
        for (const line of lostPoints(report)) notes.set(page, (notes.get(page) ?? new Set()).add(line));
      }
    }
    console.log(`\nLoad average at the end: ${loadAverage()}`);
    for (const [page, lines] of notes) {
      console.log(`\nPoints lost on ${page} (in any run):`);
      for (const line of lines) console.log(`  - ${line}`);
    }
    return result;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
