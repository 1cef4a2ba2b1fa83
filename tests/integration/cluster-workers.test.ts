import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// WEB_CONCURRENCY=2 as a real process tree: a primary and two workers sharing the port.
const buildDir = process.env.BUILD_DIR ?? 'build';
const PASSWORD = 'cluster-test-password';
let child: ChildProcess;
let port: number;
let output = '';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** One request on a new connection: the cluster hands connections to its workers in turn. */
function send(method: string, target: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const all: Record<string, string | number> = { Host: `127.0.0.1:${port}`, ...headers };
    if (body !== undefined) all['Content-Length'] = Buffer.byteLength(body);
    const request = http.request({ host: '127.0.0.1', port, method, path: target, headers: all, agent: false }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

beforeAll(async () => {
  if (!existsSync(path.join(buildDir, 'server/index.js'))) throw new Error('Build the app first: npm run build');
  port = await freePort();
  child = spawn(process.execPath, ['server/start.js'], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      BUILD_DIR: buildDir,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'atelier-cluster-')),
      ADMIN_PASSWORD: PASSWORD,
      COOKIE_SECURE: '0',
      WEB_CONCURRENCY: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const check = () => (output.match(/listening on/g)?.length ?? 0) >= 2 && resolve();
    child.stdout!.on('data', check);
    child.on('exit', () => reject(new Error(`the server exited early:\n${output}`)));
  });
}, 70_000);

afterAll(() => {
  child?.kill('SIGKILL');
});

describe('WEB_CONCURRENCY=2', () => {
  it('prepares the database once and starts two workers', () => {
    expect(output.match(/Seeded the database/g)).toHaveLength(1);
    expect(output).toContain('starting 2 worker processes');
  });

  it('clears every worker page cache when a write goes through one of them', async () => {
    // Warm both workers: each renders its own copy once, then answers from its cache.
    const warm = [];
    for (let i = 0; i < 6; i++) warm.push((await send('GET', '/blog')).headers['x-cache']);
    expect(warm.filter((outcome) => outcome === 'MISS')).toHaveLength(2);
    for (let i = 0; i < 4; i++) expect((await send('GET', '/blog')).headers['x-cache']).toBe('HIT');

    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const login = await send('POST', '/login', form, new URLSearchParams({ email: 'admin@example.com', password: PASSWORD }).toString());
    const cookie = (login.headers['set-cookie'] ?? []).find((line) => line.startsWith('atelier_session='))!.split(';')[0]!;
    const write = await send('POST', '/admin/blog/categories', { ...form, Cookie: cookie }, 'name=Cluster%20Test');
    expect(write.status).toBe(200);

    // The next connections go to both workers: neither may answer from its old copy.
    const after = [];
    for (let i = 0; i < 2; i++) after.push((await send('GET', '/blog')).headers['x-cache']);
    expect(after).toEqual(['MISS', 'MISS']);
  });

  it('stops every worker on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
