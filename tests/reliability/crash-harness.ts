import { createHash, randomBytes } from 'node:crypto';
import { type Dirent, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import pg from 'pg';
import sharp from 'sharp';

import {
  type DataLocation,
  formPost,
  freePort,
  isSaved,
  queryData,
  type Reply,
  request,
  savePost,
  type ServerProcess,
  signInProcessAdmin,
  startServerProcess,
} from '#tests/support/server-process.ts';

// The crash test: the built server as a process, written to by concurrent clients through HTTP, killed with SIGKILL
// at random moments and restarted; then every write it acknowledged must be there, intact, and no two editors'
// saves of one item may both have won.

const VERSION_MESSAGE = 'was changed by someone else since you opened it';

export interface CrashReport {
  dialect: 'sqlite' | 'postgres';
  killPoints: number;
  /** Writes the server answered as done, by kind. */
  acknowledged: { posts: number; messages: number; uploads: number; edits: number };
  /** Requests in flight when the server was killed (no answer): stored or not, but never half-stored. */
  unanswered: number;
  /** Acknowledged writes missing or different after the restarts (must be empty). */
  lost: string[];
  /** Editor pairs: two saves of one item made on the same version, sent together. */
  pairs: { total: number; oneWonOneRefused: number; unansweredOrOther: number; lostUpdates: number };
  /** Files in the uploads folder that no media row names, and temporary files left (must be 0). */
  orphanFiles: number;
  seconds: number;
}

interface Options {
  dialect: 'sqlite' | 'postgres';
  killPoints: number;
  writers?: number;
  /** Random time each run serves before its kill. */
  minRunMs?: number;
  maxRunMs?: number;
  log?: (line: string) => void;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

function multipart(name: string, data: Buffer): { body: Buffer; type: string } {
  const boundary = `----atelier-crash-${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

async function databaseFor(dialect: 'sqlite' | 'postgres'): Promise<{ where: DataLocation; drop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-crash-'));
  if (dialect === 'sqlite') return { where: { dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('Set TEST_DATABASE_URL for the PostgreSQL crash test');
  const name = `atelier_crash_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    where: { dataDir, databaseUrl: url.toString() },
    async drop() {
      await admin(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every file under a directory, relative to it. */
function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

export async function runCrashTest(options: Options): Promise<CrashReport> {
  const started = performance.now();
  const { dialect, killPoints } = options;
  const writers = options.writers ?? 4;
  const minRunMs = options.minRunMs ?? 300;
  const maxRunMs = options.maxRunMs ?? 2500;
  const log = options.log ?? (() => {});
  const { where, drop } = await databaseFor(dialect);
  const port = await freePort();
  const report: CrashReport = {
    dialect,
    killPoints: 0,
    acknowledged: { posts: 0, messages: 0, uploads: 0, edits: 0 },
    unanswered: 0,
    lost: [],
    pairs: { total: 0, oneWonOneRefused: 0, unansweredOrOther: 0, lostUpdates: 0 },
    orphanFiles: 0,
    seconds: 0,
  };
  const posts = new Map<string, { title: string; content: string }>();
  const messages = new Map<string, string>();
  const uploads = new Map<string, string>();
  /** Acknowledged saves of the contested post: version reached → content. */
  const contestedSaves = new Map<number, string>();
  let server: ServerProcess | undefined;

  const start = async () => {
    server = startServerProcess({ port, dataDir: where.dataDir, databaseUrl: where.databaseUrl });
    await server.listening;
  };
  try {
    await start();
    const cookie = await signInProcessAdmin(port);
    const [category] = await queryData(where, 'select id from categories order by id limit 1');
    const categoryId = String(category!.id);
    const contested = { title: 'Contested', slug: 'contested', content: 'first', categoryId };
    if (!isSaved(await savePost(port, cookie, contested))) throw new Error('could not create the contested post');
    const [row] = await queryData(where, "select id from blog_posts where slug = 'contested'");
    const contestedId = String(row!.id);
    contestedSaves.set(1, 'first');
    const images = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        sharp({ create: { width: 400, height: 300, channels: 3, background: { r: i * 30, g: 100, b: 200 - i * 20 } } })
          .png()
          .toBuffer(),
      ),
    );
    let sequence = 0;

    for (let point = 1; point <= killPoints; point++) {
      if (point > 1) await start();
      let killed = false;
      const attempt = async (kind: string, send: () => Promise<Reply>): Promise<Reply | null> => {
        try {
          return await send();
        } catch (error) {
          if (!killed) throw new Error(`${kind}: the request failed while the server was up: ${(error as Error).message}`);
          // Refused: sent after the kill, it never reached the server. Anything else was cut off in flight.
          if ((error as NodeJS.ErrnoException).code !== 'ECONNREFUSED') report.unanswered++;
          return null;
        }
      };
      const writer = async (w: number) => {
        while (!killed) {
          const n = ++sequence;
          const roll = (n * 7 + w) % 10;
          if (roll < 6) {
            const post = {
              title: `Post ${n} ✓ ünïcødé`,
              slug: `crash-${n}`,
              content: `Body ${n} ${randomBytes(24).toString('hex')} 🎨`.repeat(20),
              categoryId,
            };
            const reply = await attempt('post', () => savePost(port, cookie, post));
            if (reply && isSaved(reply)) {
              posts.set(post.slug, { title: post.title, content: post.content });
              report.acknowledged.posts++;
            } else if (reply && !killed) throw new Error(`a new post answered ${reply.status}`);
          } else if (roll < 8) {
            const subject = `Message ${n}`;
            const body = `Hello ${n} — ${randomBytes(16).toString('hex')}`;
            const reply = await attempt('message', () =>
              formPost(
                port,
                '/?index',
                {
                  firstName: 'Zoë',
                  lastName: 'Crash',
                  email: 'zoe@example.com',
                  phone: '',
                  subject,
                  message: body,
                  submission: randomBytes(16).toString('base64url'),
                },
                { 'X-Forwarded-For': `198.51.${Math.floor(n / 250) % 250}.${n % 250}` },
              ),
            );
            if (reply?.status === 200 && reply.body.includes('Your message has been sent')) {
              messages.set(subject, body);
              report.acknowledged.messages++;
            }
          } else {
            const name = `crash-${n}.png`;
            const data = Buffer.concat([images[n % images.length]!]);
            const { body, type } = multipart(name, data);
            const reply = await attempt('upload', () =>
              request(port, 'POST', '/admin/media/upload', {
                headers: { Cookie: cookie, 'Content-Type': type, Accept: 'application/json' },
                body,
              }),
            );
            if (reply?.status === 201) {
              uploads.set(name, sha256(data));
              report.acknowledged.uploads++;
            } else if (reply && !killed) throw new Error(`an upload answered ${reply.status}: ${reply.body.slice(0, 200)}`);
          }
        }
      };
      const editors = async () => {
        while (!killed) {
          const [current] = await queryData(where, 'select version from blog_posts where id = ?', [contestedId]).catch(() => [undefined]);
          if (killed || !current) break;
          const version = Number(current.version);
          const n = ++sequence;
          const texts = [`editor A ${n}`, `editor B ${n}`];
          const replies = await Promise.all(
            texts.map((content) => attempt('edit', () => savePost(port, cookie, { ...contested, content, version }, contestedId))),
          );
          report.pairs.total++;
          const won = replies.filter((reply) => reply && isSaved(reply));
          const refused = replies.filter((reply) => reply?.status === 409 && reply.body.includes(VERSION_MESSAGE));
          if (won.length > 1) report.pairs.lostUpdates++;
          if (won.length === 1 && refused.length === 1) report.pairs.oneWonOneRefused++;
          else report.pairs.unansweredOrOther++;
          replies.forEach((reply, i) => {
            if (reply && isSaved(reply)) {
              contestedSaves.set(version + 1, texts[i]!);
              report.acknowledged.edits++;
            }
          });
          if (!killed && replies.some((reply) => reply && !isSaved(reply) && reply.status !== 409))
            throw new Error(`an edit answered ${replies.map((reply) => reply?.status).join(', ')}`);
        }
      };
      const work = Promise.all([...Array.from({ length: writers }, (_, w) => writer(w)), editors()]);
      await new Promise((resolve) => setTimeout(resolve, minRunMs + Math.random() * (maxRunMs - minRunMs)));
      killed = true;
      server!.child.kill('SIGKILL');
      await server!.exited;
      await work;
      report.killPoints++;
      log(`kill ${point}/${killPoints}: ${JSON.stringify(report.acknowledged)}, ${report.unanswered} unanswered`);
    }

    // The last restart: every acknowledged write must be there, as written.
    await start();
    const storedPosts = new Map(
      (await queryData(where, "select slug, title, content from blog_posts where slug like 'crash-%'")).map((r) => [String(r.slug), r]),
    );
    for (const [slug, post] of posts) {
      const stored = storedPosts.get(slug);
      if (!stored) report.lost.push(`post ${slug}: missing`);
      else if (stored.title !== post.title || stored.content !== post.content) report.lost.push(`post ${slug}: changed`);
    }
    const storedMessages = new Map(
      (await queryData(where, "select subject, message from messages where subject like 'Message %'")).map((r) => [String(r.subject), r]),
    );
    for (const [subject, body] of messages) {
      const stored = storedMessages.get(subject);
      if (!stored) report.lost.push(`message ${subject}: missing`);
      else if (stored.message !== body) report.lost.push(`message ${subject}: changed`);
    }
    const media = await queryData(where, 'select original_name, storage_key, variants from media');
    const named = new Set<string>();
    for (const item of media) {
      named.add(String(item.storage_key));
      for (const variant of JSON.parse(String(item.variants)) as { key: string }[]) named.add(variant.key);
    }
    const byName = new Map(media.map((item) => [String(item.original_name), String(item.storage_key)]));
    for (const [name, digest] of uploads) {
      const key = byName.get(name);
      const file = key ? path.join(where.dataDir, 'uploads', key) : '';
      if (!key) report.lost.push(`upload ${name}: no row`);
      else if (!existsSync(file)) report.lost.push(`upload ${name}: no file`);
      else if (sha256(readFileSync(file)) !== digest) report.lost.push(`upload ${name}: file differs`);
    }
    // Every media row's files exist (no row without its file), and every file has its row (no half upload).
    for (const key of named) if (!existsSync(path.join(where.dataDir, 'uploads', key))) report.lost.push(`media file ${key}: missing`);
    report.orphanFiles =
      filesUnder(path.join(where.dataDir, 'uploads')).filter((file) => !named.has(file.split(path.sep).join('/'))).length +
      filesUnder(path.join(where.dataDir, 'upload-tmp')).length;
    // The contested post: at least the last acknowledged save, with its text if nothing newer got in.
    const [final] = await queryData(where, 'select version, content from blog_posts where id = ?', [contestedId]);
    const lastAcked = Math.max(...contestedSaves.keys());
    const finalVersion = Number(final!.version);
    if (finalVersion < lastAcked) report.lost.push(`contested post: version ${finalVersion}, an acknowledged save made ${lastAcked}`);
    else if (finalVersion === lastAcked && final!.content !== contestedSaves.get(lastAcked))
      report.lost.push('contested post: the acknowledged save’s text is not there');
    report.seconds = Math.round((performance.now() - started) / 1000);
    return report;
  } finally {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await drop();
  }
}
