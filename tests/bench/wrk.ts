import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
}

/** Installs a Debian package when its binary is missing (as CI installs Chromium). */
export function ensureInstalled(binary: string, debianPackage: string): string {
  const found = spawnSync('sh', ['-c', `command -v ${binary} || ls /usr/sbin/${binary} 2>/dev/null`], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')[0];
  if (found) return found;
  console.log(`${binary} is missing: apt-get install ${debianPackage}…`);
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', debianPackage], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (install.status !== 0) throw new Error(`Could not install ${debianPackage} (run as root, or install it first).`);
  return ensureInstalled(binary, debianPackage);
}

function toMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!match) return Number.NaN;
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
  return Number(match[1]) * scale;
}

/** Parses wrk's report (with --latency); throws when any answer was not 2xx/3xx or a socket failed. */
export function parseWrk(output: string, url: string): WrkResult {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(output)?.[1]);
  const p50 = toMs(/^\s+50%\s+(\S+)/m.exec(output)?.[1] ?? '');
  const p99 = toMs(/^\s+99%\s+(\S+)/m.exec(output)?.[1] ?? '');
  const bad = /Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1];
  const errors = /Socket errors: (.*)/.exec(output)?.[1];
  if (bad) throw new Error(`${url}: ${bad} answers were not 2xx/3xx\n${output}`);
  if (errors && /(connect|read|write) [1-9]/.test(errors)) throw new Error(`${url}: socket errors (${errors})\n${output}`);
  if (!Number.isFinite(rps) || !Number.isFinite(p50)) throw new Error(`${url}: could not read wrk's report:\n${output}`);
  return { rps, p50, p99, requests };
}

export function runWrk(
  wrk: string,
  url: string,
  options: { seconds: number; connections: number; threads: number; headers?: Record<string, string> },
): WrkResult {
  const args = ['-t', String(options.threads), '-c', String(options.connections), '-d', `${options.seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  const run = spawnSync(wrk, [...args, url], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`wrk failed on ${url}: ${run.stderr}`);
  return parseWrk(run.stdout, url);
}

/** CPU seconds (user + system) used so far by a process and its children that are still running (cluster workers). */
export function cpuSeconds(pid: number): number {
  const own = (id: number) => {
    const path = `/proc/${id}/stat`;
    if (!existsSync(path)) return 0;
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(path, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  const childrenFile = `/proc/${pid}/task/${pid}/children`;
  const children = existsSync(childrenFile) ? readFileSync(childrenFile, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
  return own(pid) + children.reduce((sum, child) => sum + own(child), 0);
}
