import { createHash, randomBytes } from 'node:crypto';

import { type Kysely, sql } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import { newId } from '#app/lib/ids.ts';
import { parseJson } from '#app/lib/json.ts';
import type { Paginated } from '#app/lib/paginated.ts';
import { hasPermission, isPermission, type Permission } from '#app/lib/permissions.ts';
import type { ApiTokenInput } from '#app/schemas/api-token.ts';
import { type AuditedBy, recordAudit } from '#app/services/audit/record-audit.server.ts';
import { COUNT_CAP, listScreen } from '#app/services/content/pagination.server.ts';
import { conflict, invalid, notFound, type Result } from '#app/services/failures.ts';

import { confirmCurrentPassword } from './password-check.server.ts';
import type { SessionUser } from './session-user.ts';
import { SESSION_USER_COLUMNS, toSessionUser } from './session-user-query.server.ts';

const TOKEN_PREFIX = 'atl_';
const DAY_MS = 24 * 60 * 60 * 1000;
/** last_used_at is rewritten at most this often, so a busy integration does not write on every call. */
const TOUCH_INTERVAL_MS = 60 * 1000;
/** Active (unrevoked, unexpired) tokens one user may hold: each is a standing credential to watch over. */
export const MAX_ACTIVE_TOKENS = 25;
export const TOO_MANY_TOKENS = `You already have ${MAX_ACTIVE_TOKENS} active tokens, the most allowed. Revoke one you no longer use first.`;

export interface ApiTokenSummary {
  id: string;
  name: string;
  prefix: string;
  scopes: Permission[];
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  status: 'active' | 'expired' | 'revoked';
}

/**
 * What a bearer token signs in, as a session cookie does: `user` is the request's Actor, its role narrowed to the
 * token's scopes, so every write service's own permission check applies to API calls unchanged.
 */
export interface ApiTokenSession {
  user: SessionUser;
  tokenId: string;
  /** What the token was given. */
  scopes: Permission[];
  /** What it may do now: its scopes that the user's role still holds. */
  permissions: Permission[];
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const scopesOf = (json: string) => parseJson<string[]>(json, []).filter(isPermission);

function activeTokens(db: Kysely<Database>, userId: string, now: Date) {
  return db
    .selectFrom('api_tokens')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString());
}

/**
 * Makes a token for `user`, after their current password, with scopes chosen from the permissions
 * their role holds, while they hold fewer than MAX_ACTIVE_TOKENS; answers the token once (only its
 * hash is kept).
 */
export async function createApiToken(input: {
  user: SessionUser;
  token: ApiTokenInput;
  password: string;
  now?: Date;
}): Promise<Result<{ id: string; token: string }>> {
  const { user } = input;
  const notHeld = input.token.scopes.filter((scope) => !hasPermission(user, scope));
  if (notHeld.length) return invalid({ scopes: `You can only give a token permissions you hold (not ${notHeld.join(', ')}).` });
  const refused = await confirmCurrentPassword(user.id, input.password, 'API token');
  if (refused) return refused;
  const now = input.now ?? new Date();
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = newId();
  return writeTransaction(async (trx) => {
    // Locks the user's row (an UPDATE on both databases), so two parallel creations count one after the other.
    await trx
      .updateTable('users')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', user.id)
      .execute();
    const active = await activeTokens(trx, user.id, now)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(active.count) >= MAX_ACTIVE_TOKENS) return conflict(TOO_MANY_TOKENS);
    await trx
      .insertInto('api_tokens')
      .values({
        id,
        user_id: user.id,
        name: input.token.name,
        token_hash: hashToken(token),
        prefix: token.slice(0, TOKEN_PREFIX.length + 6),
        scopes: JSON.stringify([...new Set(input.token.scopes)]),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + input.token.expiresInDays * DAY_MS).toISOString(),
        last_used_at: null,
        revoked_at: null,
      })
      .execute();
    await recordAudit(trx, {
      actor: { id: user.id, name: user.name },
      action: 'token.created',
      target: { type: 'api_token', id, label: input.token.name },
      details: { scopes: input.token.scopes, expiresInDays: input.token.expiresInDays },
    });
    return { ok: true as const, id, token };
  });
}

/** Every token of the user, a screen at a time: active ones first, then newest first (revoked and expired ones stay listed). */
export async function listApiTokens(
  userId: string,
  page = 1,
  now: Date = new Date(),
): Promise<Paginated<ApiTokenSummary> & { active: number }> {
  const db = getDb();
  const nowText = now.toISOString();
  const all = db.selectFrom('api_tokens').where('user_id', '=', userId);
  const screen = await listScreen({
    countQuery: all,
    itemsQuery: all
      .select(['id', 'name', 'prefix', 'scopes', 'created_at', 'expires_at', 'last_used_at', 'revoked_at'])
      .orderBy(sql`case when revoked_at is null and expires_at > ${nowText} then 0 else 1 end`)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
    page,
    cap: COUNT_CAP,
  });
  const active = await activeTokens(db, userId, now)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return {
    ...screen,
    active: Number(active.count),
    items: screen.items.map((row) => ({
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      scopes: scopesOf(row.scopes),
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      lastUsedAt: row.last_used_at,
      revokedAt: row.revoked_at,
      status: row.revoked_at ? 'revoked' : row.expires_at <= nowText ? 'expired' : 'active',
    })),
  };
}

/**
 * Revokes every active token of a user inside the caller's transaction (`db`), recording one
 * `token.revoked` entry that says why: a password change, "sign out everywhere", a password reset.
 * Answers how many were revoked.
 */
export async function revokeAllApiTokens(
  db: Kysely<Database>,
  userId: string,
  audit: { actor: AuditedBy; reason: string },
): Promise<number> {
  const now = new Date();
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  const count = Number(result.numUpdatedRows);
  if (count === 0) return 0;
  await recordAudit(db, {
    actor: audit.actor,
    action: 'token.revoked',
    target: { type: 'user', id: userId },
    details: { all: true, count, reason: audit.reason },
  });
  return count;
}

/** Revokes one of the user's own tokens; another user's token is "not found". */
export async function revokeApiToken(input: { user: { id: string; name?: string }; tokenId: string }): Promise<Result> {
  return writeTransaction(async (trx) => {
    const row = await trx
      .selectFrom('api_tokens')
      .select(['id', 'name'])
      .where('id', '=', input.tokenId)
      .where('user_id', '=', input.user.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) return notFound('This token does not exist or is already revoked.');
    await trx.updateTable('api_tokens').set({ revoked_at: new Date().toISOString() }).where('id', '=', row.id).execute();
    await recordAudit(trx, { actor: input.user, action: 'token.revoked', target: { type: 'api_token', id: row.id, label: row.name } });
    return { ok: true };
  });
}

/**
 * The session behind a bearer token, or null when the token is unknown, revoked or expired, or its
 * user is no longer active. The permissions are the token's scopes that the user's role holds now,
 * so a demoted user's old token loses what the role lost.
 */
export async function authenticateApiToken(token: string, now: Date = new Date()): Promise<ApiTokenSession | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
  const db = getDb();
  const row = await db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .select([
      ...SESSION_USER_COLUMNS,
      'api_tokens.id as token_id',
      'api_tokens.scopes',
      'api_tokens.expires_at',
      'api_tokens.revoked_at',
      'api_tokens.last_used_at',
    ])
    .where('api_tokens.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at || row.expires_at <= now.toISOString() || row.status !== 'active') return null;
  if (!row.last_used_at || new Date(row.last_used_at).getTime() < now.getTime() - TOUCH_INTERVAL_MS) {
    await db.updateTable('api_tokens').set({ last_used_at: now.toISOString() }).where('id', '=', row.token_id).execute();
  }
  const scopes = scopesOf(row.scopes);
  // The role as this request sees it: only what the token may use.
  const user = toSessionUser(row, (rolePermissions) => scopes.filter((scope) => rolePermissions.includes(scope)));
  const permissions = (user.role?.permissions ?? []).filter(isPermission);
  return { user, tokenId: row.token_id, scopes, permissions };
}
