import { existsSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import Sqlite from 'better-sqlite3';
import type { Express } from 'express';
import pg from 'pg';

// The built app (npm run build), served in this process on a free port: the real Express stack
// (host check, caches, body limits, React Router) without a browser, so attacks can be sent as raw HTTP.

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'built-server-password';
const buildDir = process.env.BUILD_DIR ?? 'build';
const postgresUrl = process.env.TEST_DATABASE_URL;

/** SQLite always; PostgreSQL when TEST_DATABASE_URL is set. */
export const serverDialects: ('sqlite' | 'postgres')[] = ['sqlite', ...(postgresUrl ? (['postgres'] as const) : [])];

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface BuiltServer {
  port: number;
  origin: string;
  /** One raw HTTP request: headers (Host included) are sent exactly as given. */
  send: (method: string, target: string, options?: { headers?: Record<string, string>; body?: string | Buffer }) => Promise<Reply>;
  /** Signs in as the first administrator and returns the Cookie header to send. */
  signInAsAdmin: () => Promise<string>;
  /** Turns Maintenance Mode on or off through Settings → Advanced, as the administrator signed in with `cookie`. */
  setMaintenance: (cookie: string, on: boolean) => Promise<void>;
  /** Runs a SELECT on the server's database, for checks on what requests stored. */
  rows: (query: string) => Promise<Record<string, unknown>[]>;
  close: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function startBuiltServer(dialect: 'sqlite' | 'postgres', env: Record<string, string> = {}): Promise<BuiltServer> {
  const entry = path.resolve(buildDir, 'server/index.js');
  if (!existsSync(entry)) throw new Error('Build the app first: npm run build');
  const port = await freePort();
  let databaseUrl = '';
  let databaseName: string | undefined;
  if (dialect === 'postgres') {
    databaseName = `atelier_http_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(`create database ${databaseName}`);
    const url = new URL(postgresUrl!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-http-'));
  Object.assign(process.env, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    // A site on PostgreSQL needs its SESSION_SECRET (decision 031); on SQLite it stays generated in DATA_DIR.
    SESSION_SECRET: databaseUrl ? 'built-server-session-secret-0123456789-abcdef' : '',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    COOKIE_SECURE: '0',
    SITE_URL: '',
    ALLOWED_HOSTS: '',
    TRUST_PROXY: '',
    ...env,
  });
  const { createServerApp } = (await import(pathToFileURL(entry).href)) as {
    createServerApp: () => Promise<{ app: Express; handler: http.RequestListener; close: () => Promise<void> }>;
  };
  const quiet = console.log;
  console.log = () => {};
  const serverApp = await createServerApp().finally(() => (console.log = quiet));
  // The same entry point as server/start.js: cache hits are answered before Express.
  const server = http.createServer(serverApp.handler).listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));

  const send: BuiltServer['send'] = (method, target, options = {}) =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = { Host: `127.0.0.1:${port}`, ...options.headers };
      if (options.body !== undefined) headers['Content-Length'] = Buffer.byteLength(options.body);
      const request = http.request({ host: '127.0.0.1', port, method, path: target, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(options.body);
    });

  const signInAsAdmin = async () => {
    const body = new URLSearchParams({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }).toString();
    const reply = await send('POST', '/login', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
    const cookie = (reply.headers['set-cookie'] ?? []).find((line) => line.startsWith('atelier_session='));
    if (!cookie) throw new Error(`Sign-in failed with ${reply.status}: ${reply.body.slice(0, 200)}`);
    return cookie.split(';')[0]!;
  };

  const setMaintenance: BuiltServer['setMaintenance'] = async (cookie, on) => {
    const body = new URLSearchParams({ intent: 'advanced', cacheTtl: '3600', ...(on ? { maintenanceMode: 'on' } : {}) }).toString();
    const reply = await send('POST', '/admin/settings', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
      body,
    });
    if (reply.status >= 400) throw new Error(`Could not save the Advanced settings: ${reply.status}`);
  };

  const rows: BuiltServer['rows'] = async (query) => {
    if (!databaseUrl) {
      const db = new Sqlite(path.join(dataDir, 'atelier.sqlite'), { readonly: true });
      try {
        return db.prepare(query).all() as Record<string, unknown>[];
      } finally {
        db.close();
      }
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(query)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  };

  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    send,
    signInAsAdmin,
    setMaintenance,
    rows,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await serverApp.close();
      if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`);
    },
  };
}
