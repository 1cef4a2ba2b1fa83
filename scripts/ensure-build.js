// Runs before `npm start`: builds the app when there is no build yet, or when
// a source file is newer than the build, so a fresh clone starts with one command.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const BUILD_ENTRY = path.join(process.env.BUILD_DIR ?? 'build', 'server/index.js');
const SOURCES = ['app', 'server', 'public', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts'];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, child) => Math.max(newest, newestMtime(path.join(entry, child))), stat.mtimeMs);
}

const builtAt = existsSync(BUILD_ENTRY) ? statSync(BUILD_ENTRY).mtimeMs : 0;
const changedAt = Math.max(...SOURCES.map(newestMtime));
if (builtAt < changedAt) {
  console.log(builtAt ? 'Sources changed since the last build: rebuilding (about a minute)…' : 'Building Atelier (about a minute)…');
  // The build's own listing (hundreds of lines) is shown only when it fails: a first start prints what a person needs.
  const { status, stdout, stderr } = spawnSync('npx', ['react-router', 'build'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (status !== 0) {
    process.stdout.write(stdout ?? '');
    process.stderr.write(stderr ?? '');
    process.exit(status ?? 1);
  }
}
