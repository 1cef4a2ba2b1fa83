import { createHash, randomBytes } from 'node:crypto';

import type { Kysely } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { getEnv } from '#app/env.server.ts';
import { nowIso } from '#app/lib/ids.ts';

/** A reset link works for one hour, once. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/** Where a reset link points: the token is the last path segment. */
export const RESET_PATH = '/login/reset-password';

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function resetLink(token: string): string {
  return `${getEnv().SITE_URL}${RESET_PATH}/${token}`;
}

/**
 * A new reset link for the user: any earlier one stops working. Only the token's SHA-256 hash is stored, so the
 * token is returned to be mailed or shown now and cannot be read back later.
 */
export async function issueResetLink(db: Kysely<Database>, userId: string, createdBy: string | null, now = Date.now()) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + RESET_LINK_TTL_MS).toISOString();
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
  await db
    .insertInto('password_resets')
    .values({
      user_id: userId,
      token_hash: hashResetToken(token),
      expires_at: expiresAt,
      created_at: new Date(now).toISOString(),
      created_by: createdBy,
    })
    .execute();
  return { token, link: resetLink(token), expiresAt };
}

/** The active user behind a reset link, while the link is good. */
export async function findResetLink(token: string) {
  if (!token || token.length > 100) return null;
  return getDb()
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['users.id', 'users.email', 'users.name', 'password_resets.expires_at'])
    .where('password_resets.token_hash', '=', hashResetToken(token))
    .where('password_resets.expires_at', '>', nowIso())
    .where('users.status', '=', 'active')
    .executeTakeFirst();
}
