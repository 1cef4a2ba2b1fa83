// Whole answers over HTTP for `npm run bench:scale` (issue 29): a server process (server/start.js, the build) on the
// bench's own database, so what is timed is what a browser waits for (session, loaders, render), not only the
// queries; and the peak memory of a server that does nothing but answer a crawler walking the sitemap.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { createUser } from '#app/services/users/create-user.server.ts';
import { freePort, PROCESS_ADMIN, request, signInProcessAdmin, startServerProcess } from '#tests/support/server-process.ts';

import { timed, type Timing } from './timing.ts';

// A cookie that is no session: the visitor stays anonymous, but the page is rendered for this request (as in
// `npm run bench`), so a public row times a render, not the page store.
const RENDERED = { Cookie: 'atelier_session=bench-not-a-session' };

/** The bench's administrator, made once per database, who signs in to the server processes. */
export async function ensureBenchAdmin(): Promise<void> {
  await createUser({ email: PROCESS_ADMIN.email, name: 'Bench Admin', password: PROCESS_ADMIN.password, roleId: 'administrator' }).catch(
    () => undefined,
  );
}

async function started(databaseUrl: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-scale-http-'));
  const server = startServerProcess({ port: await freePort(), dataDir, databaseUrl, env: { ALLOWED_HOSTS: '127.0.0.1' } });
  await server.listening;
  return {
    server,
    stop: async () => {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Each of `admin` (as the signed-in administrator) and `public` (rendered for an anonymous visitor) asked `runs` times
 * through one server process on `databaseUrl`; throws when an answer is not a 200.
 */
export async function timeOverHttp(
  databaseUrl: string,
  urls: { admin: string[]; public: string[] },
  runs: number,
): Promise<Map<string, Timing>> {
  const { server, stop } = await started(databaseUrl);
  try {
    const cookie = await signInProcessAdmin(server.port);
    const results = new Map<string, Timing>();
    const ask = (url: string, headers: Record<string, string>) => async () => {
      const reply = await request(server.port, 'GET', url, { headers, timeoutMs: 120_000 }).catch((error: Error) => {
        throw new Error(`${url}: ${error.message}\n${server.output().slice(-2000)}`);
      });
      if (reply.status !== 200) throw new Error(`${url} answered ${reply.status}: ${reply.body.slice(0, 200)}`);
    };
    for (const url of urls.admin) results.set(`GET ${url}`, await timed(ask(url, { Cookie: cookie }), runs));
    for (const url of urls.public) results.set(`GET ${url}`, await timed(ask(url, RENDERED), runs));
    return results;
  } finally {
    await stop();
  }
}

/** The most memory (VmHWM, peak resident set) a process has held since it started, in MB. */
function peakRssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmHWM:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? Number.NaN) / 1024;
}

/**
 * A fresh server process answers a crawler: the sitemap index, then every file it lists, one after the other, each
 * read to its end. Returns the files, the URLs they hold and the process's peak memory, before and after the crawl.
 */
export async function crawlSitemap(databaseUrl: string): Promise<{ files: number; urls: number; startMb: number; peakMb: number }> {
  const { server, stop } = await started(databaseUrl);
  try {
    const pid = server.child.pid!;
    const startMb = peakRssMb(pid);
    const index = await request(server.port, 'GET', '/sitemap.xml', { timeoutMs: 600_000 });
    if (index.status !== 200) throw new Error(`/sitemap.xml answered ${index.status}`);
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    let urls = 0;
    for (const file of files) {
      const reply = await request(server.port, 'GET', file, { timeoutMs: 600_000 }).catch((error: Error) => {
        throw new Error(`${file}: ${error.message}\n${server.output().slice(-3000)}`);
      });
      if (reply.status !== 200) throw new Error(`${file} answered ${reply.status}`);
      urls += reply.body.split('<url>').length - 1;
    }
    return { files: files.length, urls, startMb, peakMb: peakRssMb(pid) };
  } finally {
    await stop();
  }
}
