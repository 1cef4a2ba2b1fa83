import { createHash, randomBytes } from 'node:crypto';
import { getDb } from '#app/db/client.server.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import { parseJson } from '#app/lib/json.ts';
import type { SessionUser } from './session-user.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session; returns the token for the cookie. Only the token's hash is stored. */
export async function createSession(userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await getDb()
    .insertInto('sessions')
    .values({ id: newId(), token_hash: hashToken(token), user_id: userId, expires_at: expiresAt.toISOString(), created_at: nowIso() })
    .execute();
  return { token, expiresAt };
}

/** The active user behind a token, with their role resolved; null when expired, unknown or not active. */
export async function findSessionUser(token: string): Promise<SessionUser | null> {
  const row = await getDb()
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'sessions.expires_at',
      'users.id',
      'users.email',
      'users.name',
      'users.status',
      'users.avatar',
      'users.role_id',
      'roles.name as role_name',
      'roles.permissions as role_permissions',
    ])
    .where('sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.expires_at <= nowIso() || row.status !== 'active') return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    avatar: row.avatar,
    role:
      row.role_name === null
        ? null
        : { id: row.role_id, name: row.role_name, permissions: parseJson<string[]>(row.role_permissions, []) },
  };
}

export async function deleteSession(token: string): Promise<void> {
  await getDb().deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

export async function deleteExpiredSessions(): Promise<void> {
  await getDb().deleteFrom('sessions').where('expires_at', '<=', nowIso()).execute();
}
