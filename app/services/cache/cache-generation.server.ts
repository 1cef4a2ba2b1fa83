import { type Kysely, sql } from 'kysely';
import pg from 'pg';

import { getDatabaseUrl, getDb, getDialect } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';

import { appliedPublicGeneration, catchUpPublicCache, type PublicScope } from './html-cache.server.ts';

/** The PostgreSQL channel a write's commit wakes the other instances on (the payload is the new generation). */
const PUBLIC_CACHE_CHANNEL = 'atelier_public_cache';
const ROW = 'public';

/**
 * Bumps the shared generation of the public pages inside the write's own transaction `trx` (decision 031): the
 * new number is visible to other instances exactly when the write is, and on PostgreSQL the NOTIFY is sent at
 * that commit too (never for a write rolled back), carrying the write's `scope` (what it changed; none: everything).
 * Answers the new generation.
 */
export async function bumpPublicGeneration(trx: Kysely<Database>, scope?: PublicScope): Promise<number> {
  const row = await trx
    .insertInto('cache_generations')
    .values({ id: ROW, generation: 1, updated_at: new Date().toISOString() })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({
        generation: sql<number>`cache_generations.generation + 1`,
        updated_at: (eb) => eb.ref('excluded.updated_at'),
      }),
    )
    .returning('generation')
    .executeTakeFirstOrThrow();
  const generation = Number(row.generation);
  if (getDialect() === 'postgres') await sql`select pg_notify(${PUBLIC_CACHE_CHANNEL}, ${notification(generation, scope)})`.execute(trx);
  return generation;
}

/** NOTIFY's payload (at most 8000 bytes): the generation, then the scope as JSON when there is one and it fits. */
function notification(generation: number, scope: PublicScope | undefined): string {
  const json = scope ? JSON.stringify(scope) : '';
  return json && json.length < 7000 ? `${generation} ${json}` : String(generation);
}

/** Reads a payload back; a scope that does not parse as one means everything. */
function readNotification(payload: string): { generation: number; scope?: PublicScope } {
  const space = payload.indexOf(' ');
  const generation = Number(space === -1 ? payload : payload.slice(0, space));
  if (space === -1) return { generation };
  try {
    const scope = JSON.parse(payload.slice(space + 1)) as PublicScope;
    if (Array.isArray(scope?.articles) && scope.articles.every((slug) => typeof slug === 'string'))
      return { generation, scope: { articles: scope.articles } };
  } catch {
    // Everything, below.
  }
  return { generation };
}

/** The shared generation as committed now (0 before the first write). */
export async function readPublicGeneration(db: Kysely<Database> = getDb()): Promise<number> {
  const row = await db.selectFrom('cache_generations').select('generation').where('id', '=', ROW).executeTakeFirst();
  return Number(row?.generation ?? 0);
}

export interface GenerationWatch {
  stop: () => Promise<void>;
}

/** How long a lost LISTEN connection waits before it connects again (polling goes on meanwhile). */
const RECONNECT_MS = 2_000;
/**
 * With LISTEN up, how long a poll that read a newer generation waits for its NOTIFY (which carries the write's
 * scope, so only what the write changed is dropped) before dropping everything.
 */
const NOTIFY_GRACE_MS = 100;

/**
 * Keeps this process's cached public pages no older than the shared generation (decision 031): polls the row every
 * `pollMs` (which works through any pooler and on SQLite), and on PostgreSQL also listens on a connection of its
 * own, so another instance's write clears this one's pages within milliseconds of its commit. `listen: false`
 * leaves polling alone (a pooler in transaction mode, where LISTEN is not kept).
 */
export async function watchPublicGeneration(options: {
  pollMs: number;
  listen: boolean;
  log?: (line: string) => void;
}): Promise<GenerationWatch> {
  const log = options.log ?? console.error;
  let stopped = false;
  let polling = false;
  let listening = false;
  const poll = async () => {
    if (polling || stopped) return;
    polling = true;
    try {
      let generation = await readPublicGeneration();
      if (listening && generation > appliedPublicGeneration()) {
        await new Promise((resolve) => setTimeout(resolve, NOTIFY_GRACE_MS));
        generation = await readPublicGeneration();
      }
      catchUpPublicCache(generation);
    } catch (error) {
      log(`Reading the shared cache generation failed: ${(error as Error).message}`);
    } finally {
      polling = false;
    }
  };
  await poll();
  const timer = setInterval(() => void poll(), options.pollMs);
  timer.unref();

  let client: pg.Client | null = null;
  let reconnect: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (stopped) return;
    const listener = new pg.Client({ connectionString: getDatabaseUrl() });
    const retry = (error: Error) => {
      if (stopped || client !== listener) return;
      log(`Listening for cache invalidations failed (polling meanwhile): ${error.message}`);
      client = null;
      listening = false;
      void listener.end().catch(() => undefined);
      reconnect = setTimeout(() => void connect(), RECONNECT_MS);
      reconnect.unref();
    };
    client = listener;
    listener.on('error', retry);
    listener.on('end', () => retry(new Error('connection closed')));
    listener.on('notification', (message) => {
      const { generation, scope } = readNotification(message.payload ?? '');
      if (Number.isSafeInteger(generation)) catchUpPublicCache(generation, scope);
    });
    try {
      await listener.connect();
      await listener.query(`LISTEN ${PUBLIC_CACHE_CHANNEL}`);
      listening = true;
      // A write committed while this connection was down is caught at once, not at the next poll.
      await poll();
    } catch (error) {
      retry(error as Error);
    }
  };
  if (options.listen && getDialect() === 'postgres') await connect();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(reconnect);
      const listener = client;
      client = null;
      await listener?.end().catch(() => undefined);
    },
  };
}
