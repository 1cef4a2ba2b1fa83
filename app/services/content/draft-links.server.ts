import { createHash, randomBytes } from 'node:crypto';

import { getDb } from '#app/db/client.server.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import { forbidden, notFound, type Result } from '#app/services/failures.ts';

import type { ContentKind, EditorialInput, ItemState } from './kind.ts';

/** A draft link works this long after it is made (docs/product.md, "Draft links"). */
export const DRAFT_LINK_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DraftLinkView {
  id: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
}

type Shareable<State extends ItemState> = ContentKind<EditorialInput, State>;
const kindName = (kind: { table: string }) => (kind.table === 'pages' ? ('page' as const) : ('post' as const));
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Who may share or revoke an item's draft links: whoever may edit the item. */
async function editable<State extends ItemState>(kind: Shareable<State>, actor: Actor, itemId: string) {
  if (!kind.mayWrite(actor)) return forbidden();
  const item = await kind.find(getDb(), itemId);
  if (!item || item.status === 'trash') return notFound(`This ${kind.noun} no longer exists.`);
  return kind.canEdit(actor, item) ? null : forbidden();
}

/**
 * "Share draft link": a new link to the item's saved draft, 256 random bits, of which only the hash is kept; the
 * token is answered once, for the address shown to its maker.
 */
export async function createDraftLink<State extends ItemState>(
  kind: Shareable<State>,
  actor: Actor,
  itemId: string,
  now = Date.now(),
): Promise<Result<{ token: string; expiresAt: string }>> {
  const refused = await editable(kind, actor, itemId);
  if (refused) return refused;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + DRAFT_LINK_DAYS * DAY_MS).toISOString();
  const id = newId();
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto('draft_links')
        .values({
          id,
          token_hash: hashOf(token),
          item_kind: kindName(kind),
          item_id: itemId,
          created_by: actor.id,
          created_at: new Date(now).toISOString(),
          expires_at: expiresAt,
          revoked_at: null,
        })
        .execute();
      await recordAudit(trx, { actor, action: 'draft_link.created', target: { type: kind.noun, id: itemId, label: expiresAt } });
    });
  return { ok: true, token, expiresAt };
}

/** The item's links still working, newest first, with who made them. */
export async function listDraftLinks(kind: { table: string }, itemId: string, now = Date.now()): Promise<DraftLinkView[]> {
  const rows = await getDb()
    .selectFrom('draft_links')
    .leftJoin('users', 'users.id', 'draft_links.created_by')
    .select(['draft_links.id', 'draft_links.created_at', 'draft_links.expires_at', 'users.name'])
    .where('item_kind', '=', kindName(kind))
    .where('item_id', '=', itemId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date(now).toISOString())
    .orderBy('draft_links.created_at', 'desc')
    .execute();
  return rows.map((row) => ({ id: row.id, createdBy: row.name ?? 'Someone', createdAt: row.created_at, expiresAt: row.expires_at }));
}

/** Revokes one of the item's links: it stops working at once. */
export async function revokeDraftLink<State extends ItemState>(
  kind: Shareable<State>,
  actor: Actor,
  itemId: string,
  linkId: string,
): Promise<Result> {
  const refused = await editable(kind, actor, itemId);
  if (refused) return refused;
  const result = await getDb()
    .updateTable('draft_links')
    .set({ revoked_at: nowIso() })
    .where('id', '=', linkId)
    .where('item_kind', '=', kindName(kind))
    .where('item_id', '=', itemId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!Number(result.numUpdatedRows)) return notFound('This draft link no longer exists.');
  await recordAudit(getDb(), { actor, action: 'draft_link.revoked', target: { type: kind.noun, id: itemId, label: linkId } });
  return { ok: true };
}

/**
 * What a draft link opens: the item it names while the link is neither expired nor revoked and the item is not in
 * the trash; null otherwise (every refusal looks the same to the visitor).
 */
export async function openDraftLink(token: string, now = Date.now()): Promise<{ kind: 'page' | 'post'; id: string } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const link = await getDb()
    .selectFrom('draft_links')
    .select(['item_kind', 'item_id', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', hashOf(token))
    .executeTakeFirst();
  if (!link || link.revoked_at !== null || link.expires_at <= new Date(now).toISOString()) return null;
  return { kind: link.item_kind, id: link.item_id };
}
