import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';

// The built server (npm run build) as a real process, as `npm start` runs it: for tests that kill it and for
// measurements that must not share a process with the code measuring.

export const PROCESS_ADMIN = { email: 'admin@example.com', password: 'process-admin-password' };
const PROCESS_SESSION_SECRET = 'process-session-secret-0123456789-abcdefghij';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request to 127.0.0.1:port, with no Origin (a same-origin form post) and no connection reuse. */
export function request(
  port: number,
  method: string,
  target: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { Host: `127.0.0.1:${port}`, ...options.headers };
    if (options.body !== undefined) headers['Content-Length'] = Buffer.byteLength(options.body);
    const req = http.request({ host: '127.0.0.1', port, method, path: target, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error(`${method} ${target} timed out`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

export const formPost = (
  port: number,
  target: string,
  fields: URLSearchParams | Record<string, string>,
  headers: Record<string, string> = {},
) =>
  request(port, 'POST', target, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Resolves once the server says it listens; rejects when it exits first. */
  listening: Promise<void>;
  exited: Promise<number | null>;
  output: () => string;
}

/** Starts server/start.js on `port` with the given data directory (SQLite) or DATABASE_URL. */
export function startServerProcess(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}): ServerProcess {
  const buildDir = process.env.BUILD_DIR ?? 'build';
  if (!existsSync(path.join(buildDir, 'server/index.js'))) throw new Error('Build the app first: npm run build');
  const child = spawn(process.execPath, ['server/start.js'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      BUILD_DIR: buildDir,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      ADMIN_EMAIL: PROCESS_ADMIN.email,
      ADMIN_PASSWORD: PROCESS_ADMIN.password,
      COOKIE_SECURE: '0',
      // Writers pose as distinct visitors through X-Forwarded-For, so the per-address limits count each apart.
      TRUST_PROXY: 'loopback',
      // A site on PostgreSQL needs its SESSION_SECRET (decision 031).
      ...(options.databaseUrl ? { SESSION_SECRET: PROCESS_SESSION_SECRET } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => output.includes('listening on') && resolve());
    void exited.then(() => reject(new Error(`server exited early:\n${output}`)));
  });
  listening.catch(() => {});
  return { child, port: options.port, listening, exited, output: () => output };
}

/** Signs in as the first administrator; answers the Cookie header to send. */
export async function signInProcessAdmin(port: number): Promise<string> {
  const reply = await formPost(port, '/login', { email: PROCESS_ADMIN.email, password: PROCESS_ADMIN.password });
  const cookie = ([] as string[]).concat(reply.headers['set-cookie'] ?? []).find((line) => line.startsWith('atelier_session='));
  if (!cookie) throw new Error(`Sign-in failed with ${reply.status}: ${reply.body.slice(0, 200)}`);
  return cookie.split(';')[0]!;
}

/** Where a server process keeps its data: SQLite in dataDir, or the PostgreSQL database at databaseUrl. */
export interface DataLocation {
  dataDir: string;
  databaseUrl?: string;
}

/** Runs one query on a server process's database from outside it (SQLite read-only), with `?`/`$n` parameters. */
export async function queryData(where: DataLocation, sqlite: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  if (!where.databaseUrl) {
    const { default: Sqlite } = await import('better-sqlite3');
    const db = new Sqlite(path.join(where.dataDir, 'atelier.sqlite'), { readonly: true });
    try {
      db.pragma('busy_timeout = 5000');
      return db.prepare(sqlite).all(...params) as Record<string, unknown>[];
    } finally {
      db.close();
    }
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: where.databaseUrl });
  await client.connect();
  try {
    let n = 0;
    return (
      await client.query(
        sqlite.replace(/\?/g, () => `$${++n}`),
        params,
      )
    ).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

export interface PostWrite {
  title: string;
  slug: string;
  content: string;
  categoryId: string;
  /** The version the edit was made on; absent for a new post. */
  version?: number;
  /** The Publish Date field ("2024-06-01T09:00"); empty (the default) publishes it now. */
  publishDate?: string;
}

/** The blog editor's save, as the browser posts it: a new post (no id) or an edit of `id` made on `version`. */
export function savePost(port: number, cookie: string, post: PostWrite, id?: string): Promise<Reply> {
  const fields = new URLSearchParams({
    title: post.title,
    slug: post.slug,
    content: post.content,
    excerpt: `Excerpt of ${post.title}`,
    status: 'published',
    publishDate: post.publishDate ?? '',
    tags: '',
    featuredImage: '',
    metaTitle: '',
    metaDescription: '',
    metaKeywords: '',
    version: post.version === undefined ? '' : String(post.version),
  });
  fields.append('categories', post.categoryId);
  return formPost(port, id ? `/admin/blog/${id}` : '/admin/blog/new', fields, { Cookie: cookie });
}

/** A save the server acknowledged: the editor's action redirects to the list. */
export const isSaved = (reply: Reply) => reply.status === 302 || reply.status === 303;
