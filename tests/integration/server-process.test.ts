import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeAll, describe, expect, it } from 'vitest';

// These start the built server as a real process: `npm test` builds first.
const buildDir = process.env.BUILD_DIR ?? 'build';
const children: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>, nodeArgs: string[] = []) {
  const child = spawn(process.execPath, [...nodeArgs, 'server/start.js'], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', BUILD_DIR: buildDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => output.includes('listening on') && resolve());
    void exited.then(() => reject(new Error(`server exited early:\n${output}`)));
  });
  // Only tests that wait for the server to listen care about an early exit.
  listening.catch(() => {});
  return { child, exited, listening, output: () => output };
}

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'atelier-proc-'));

beforeAll(() => {
  if (!existsSync(path.join(buildDir, 'server/index.js'))) throw new Error('Build the app first: npm run build');
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe('the server process', () => {
  it('refuses to start with bad configuration and names each bad variable', async () => {
    const server = start({ DATA_DIR: dataDir(), PORT: 'eighty', ADMIN_EMAIL: 'not-an-email' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Atelier could not start: Invalid environment configuration');
    expect(server.output()).toMatch(/PORT: /);
    expect(server.output()).toMatch(/ADMIN_EMAIL: must be an email address/);
  });

  it('exits with the cause when the database cannot be opened', async () => {
    const port = await freePort();
    const server = start({
      DATA_DIR: dataDir(),
      DATABASE_URL: `postgres://nobody@127.0.0.1:${port}/none`,
      SESSION_SECRET: 'server-process-secret-0123456789-abcdefgh',
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Cannot open the database: .*ECONNREFUSED/);
  });

  it('prints a generated admin password once, serves, and shuts down gracefully on SIGTERM', async () => {
    const port = await freePort();
    const dir = dataDir();
    const server = start({ DATA_DIR: dir, PORT: String(port) });
    await server.listening;
    expect(server.output()).toMatch(/password: \S{20,}/);
    // A first start says what a person needs: where to sign in, with which e-mail and password, and no long listings.
    expect(server.output()).toContain(`sign in:  http://localhost:${port}/login`);
    expect(server.output()).toContain('email:    admin@example.com');
    expect(server.output()).toMatch(/Applied migrations: 0001-\S+ to \d{4}-\S+ \(\d+\)\n/);
    expect(
      server
        .output()
        .split('\n')
        .filter((line) => line.trim()).length,
    ).toBeLessThanOrEqual(7);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);

    // A request whose body is still arriving when SIGTERM comes must be answered.
    const body = 'email=a%40b.co&password=';
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: '/login',
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': Buffer.byteLength(body),
      },
    });
    const inFlight = new Promise<number>((resolve, reject) => {
      request.on('response', (response) => resolve(response.statusCode ?? 0)).on('error', reject);
    });
    request.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    request.end(body.slice(10));
    expect(await inFlight).toBe(400);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM received');

    // A second start on the same data neither reseeds nor prints a password again.
    const again = start({ DATA_DIR: dir, PORT: String(port) });
    await again.listening;
    expect(again.output()).not.toContain('password:');
    expect(again.output()).not.toContain('Seeded');
  });

  it('renders with the production build of React when NODE_ENV is unset, as npm start runs it', async () => {
    // React picks its build from process.env.NODE_ENV when first loaded: unset means the development build, which
    // renders a page 2 to 3 times slower. The preload reports which build the process loaded.
    const port = await freePort();
    const server = start({ DATA_DIR: dataDir(), PORT: String(port), ADMIN_PASSWORD: 'process-admin-password' }, [
      '--import',
      './tests/support/report-react-build.mjs',
    ]);
    await server.listening;
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('react-dom/server build: production');
  });
});

describe('npm run user:create', () => {
  it('creates a user with a role, and refuses an unknown role', () => {
    const env = { ...process.env, DATA_DIR: dataDir(), DATABASE_URL: '' };
    const ok = spawnSync('npx', ['tsx', 'scripts/user-create.ts', '--email', 'new@example.com', '--role', 'editor'], {
      env,
      encoding: 'utf8',
    });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('Created new@example.com with the role editor.');
    expect(ok.stdout).toMatch(/Password \(shown only once\): \S{20,}/);
    const bad = spawnSync('npx', ['tsx', 'scripts/user-create.ts', '--email', 'x@example.com', '--role', 'emperor'], {
      env,
      encoding: 'utf8',
    });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('Unknown role "emperor"');
  });
});
