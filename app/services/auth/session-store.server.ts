import { createHash, randomBytes } from 'node:crypto';

import { getDb } from '#app/db/client.server.ts';
import { getEnv } from '#app/env.server.ts';
import { newId, nowIso } from '#app/lib/ids.ts';

import type { SessionUser } from './session-user.ts';
import { SESSION_USER_COLUMNS, toSessionUser } from './session-user-query.server.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** last_used_at is rewritten at most this often, so a busy session does not write on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;
const MAX_USER_AGENT_LENGTH = 512;

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The moment before which a session's last use makes it idle (SESSION_IDLE_DAYS). */
export function idleCutoff(now = Date.now()): string {
  return new Date(now - getEnv().SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

/** Starts a session; returns the token for the cookie. Only the token's hash is stored. */
export async function createSession(userId: string, userAgent = ''): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const now = nowIso();
  await getDb()
    .insertInto('sessions')
    .values({
      id: newId(),
      token_hash: hashSessionToken(token),
      user_id: userId,
      expires_at: expiresAt.toISOString(),
      created_at: now,
      last_used_at: now,
      user_agent: userAgent.slice(0, MAX_USER_AGENT_LENGTH),
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The active user behind a token, with their role resolved; null when the session expired, sat
 * idle too long, is unknown, or the user is not active. Records the use (at most every few minutes).
 */
export async function findSessionUser(token: string): Promise<SessionUser | null> {
  const row = await getDb()
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .select([...SESSION_USER_COLUMNS, 'sessions.id as session_id', 'sessions.expires_at', 'sessions.last_used_at'])
    .where('sessions.token_hash', '=', hashSessionToken(token))
    .executeTakeFirst();
  if (!row || row.status !== 'active') return null;
  const now = Date.now();
  if (row.expires_at <= new Date(now).toISOString() || row.last_used_at <= idleCutoff(now)) {
    await getDb().deleteFrom('sessions').where('id', '=', row.session_id).execute();
    return null;
  }
  if (new Date(row.last_used_at).getTime() < now - SESSION_TOUCH_INTERVAL_MS) {
    await getDb()
      .updateTable('sessions')
      .set({ last_used_at: new Date(now).toISOString() })
      .where('id', '=', row.session_id)
      .execute();
  }
  return toSessionUser(row);
}

export async function deleteSession(token: string): Promise<void> {
  await getDb().deleteFrom('sessions').where('token_hash', '=', hashSessionToken(token)).execute();
}

/** Deletes expired and idle sessions; called at every sign-in, so no scheduler is needed. */
export async function pruneSessions(): Promise<void> {
  await getDb()
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', nowIso()), eb('last_used_at', '<=', idleCutoff())]))
    .execute();
}
