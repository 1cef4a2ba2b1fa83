import type { Kysely } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { containsText } from '#app/db/text-search.ts';
import { nowIso } from '#app/lib/ids.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { pathKey } from '#app/lib/redirect-paths.ts';
import { type AuditedBy, recordAudit } from '#app/services/audit/record-audit.server.ts';
import { memoUntilWrite } from '#app/services/cache/memo-until-write.server.ts';
import { type Failure, notFound, type Result } from '#app/services/failures.ts';
import { publicWriteAs } from '#app/services/public-write.server.ts';

import { putRedirect, type RedirectInput } from './redirect-rules.server.ts';

export interface RedirectRow {
  id: string;
  from_path: string;
  to_target: string;
  status_code: number;
  automatic: number;
  hits: number;
  last_hit_at: string | null;
  updated_at: string;
}

/** Every redirect, newest change first (a site has tens to a few thousand; the screen filters them in the database). */
export async function listRedirects(search = ''): Promise<RedirectRow[]> {
  let query = getDb()
    .selectFrom('redirects')
    .select(['id', 'from_path', 'to_target', 'status_code', 'automatic', 'hits', 'last_hit_at', 'updated_at']);
  const q = search.trim();
  if (q) query = query.where((eb) => eb.or([containsText('from_path', q), containsText('to_target', q)]));
  const rows = await query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(MAX_LISTED).execute();
  return rows.map(toRow);
}

/** More than a site keeps by hand; an import is capped well below it. */
const MAX_LISTED = 5000;

const toRow = (row: RedirectRow): RedirectRow => ({
  ...row,
  status_code: Number(row.status_code),
  automatic: Number(row.automatic),
  hits: Number(row.hits),
});

export async function getRedirect(id: string): Promise<RedirectRow | undefined> {
  const row = await getDb()
    .selectFrom('redirects')
    .select(['id', 'from_path', 'to_target', 'status_code', 'automatic', 'hits', 'last_hit_at', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRow(row);
}

const label = (from: string, to: string) => `${from} → ${to}`;

/** Adds a redirect, or changes one (`id`); audited, and the public request path sees it at once. */
export async function saveRedirect(actor: Actor, input: RedirectInput & { id?: string }): Promise<Result<{ id: string }>> {
  return publicWriteAs(actor, 'manage_settings', async (trx) => {
    const saved = await putRedirect(trx, input, { id: input.id });
    if (!saved.ok) return saved;
    const row = await trx
      .selectFrom('redirects')
      .select(['from_path', 'to_target', 'status_code'])
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor,
      action: saved.created ? 'redirect.created' : 'redirect.updated',
      target: { type: 'redirect', id: saved.id, label: label(row.from_path, row.to_target) },
      details: { status: Number(row.status_code), ...(saved.before ? { before: saved.before } : {}) },
    });
    return { ok: true as const, id: saved.id };
  });
}

export async function deleteRedirect(actor: Actor, id: string): Promise<Result> {
  return publicWriteAs(actor, 'manage_settings', async (trx): Promise<Result> => {
    const row = await trx.selectFrom('redirects').select(['from_path', 'to_target']).where('id', '=', id).executeTakeFirst();
    if (!row) return notFound('This redirect no longer exists.');
    await trx.deleteFrom('redirects').where('id', '=', id).execute();
    await recordAudit(trx, {
      actor,
      action: 'redirect.deleted',
      target: { type: 'redirect', id, label: label(row.from_path, row.to_target) },
    });
    return { ok: true };
  });
}

/**
 * A published page or post is saved at `path`: a redirect from that path would hide it, so it goes (in the save's
 * transaction). `movedFrom`: the item was published at another path before, which now redirects here (301), and
 * every redirect that led to the old path leads here.
 */
export async function contentPublishedAt(
  trx: Kysely<Database>,
  actor: AuditedBy,
  path: string,
  movedFrom?: string,
): Promise<Failure | null> {
  const key = pathKey(path);
  const taken = await trx.selectFrom('redirects').select(['id', 'to_target']).where('from_path', '=', key).executeTakeFirst();
  if (taken) {
    await trx.deleteFrom('redirects').where('id', '=', taken.id).execute();
    await recordAudit(trx, {
      actor,
      action: 'redirect.deleted',
      target: { type: 'redirect', id: taken.id, label: label(key, taken.to_target) },
      details: { reason: 'published content took the path' },
    });
  }
  if (!movedFrom || pathKey(movedFrom) === key) return null;
  const moved = await putRedirect(
    trx,
    { from: movedFrom, to: path, status: 301 },
    { replace: true, automatic: true, allowOverContent: true },
  );
  if (!moved.ok) return moved;
  await recordAudit(trx, {
    actor,
    action: moved.created ? 'redirect.created' : 'redirect.updated',
    target: { type: 'redirect', id: moved.id, label: label(pathKey(movedFrom), path) },
    details: { status: 301, reason: 'slug changed' },
  });
  return null;
}

export interface ServedRedirect {
  id: string;
  target: string;
  status: number;
}

/** Every redirect by its path, held in memory until the next public write (in every worker) or the cache TTL. */
const redirectMap = memoUntilWrite(async () => {
  const rows = await getDb().selectFrom('redirects').select(['id', 'from_path', 'to_target', 'status_code']).execute();
  return new Map<string, ServedRedirect>(
    rows.map((row) => [row.from_path, { id: row.id, target: row.to_target, status: Number(row.status_code) }]),
  );
});

/** The redirect for a normalised request path (server/request-path.ts), if any. */
export async function findRedirect(path: string): Promise<ServedRedirect | null> {
  return (await redirectMap()).get(path) ?? null;
}

/** Counts a served redirect; written after the answer, never clearing any cache. */
export async function recordRedirectHit(id: string): Promise<void> {
  await getDb()
    .updateTable('redirects')
    .set((eb) => ({ hits: eb('hits', '+', 1), last_hit_at: nowIso() }))
    .where('id', '=', id)
    .execute();
}
