// What both bench scripts (run.ts, lighthouse-runs.ts) need before and around their measurements.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';

/** A port nothing listens on now, for a server the bench starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Builds the app when there is no build yet: the bench measures the production server. */
export function ensureBuilt(): void {
  if (existsSync('build/server/index.js')) return;
  console.log('Building first…');
  if (spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
}

/** The 1, 5 and 15 minute load averages: other work on the machine takes cores from every figure. */
export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
