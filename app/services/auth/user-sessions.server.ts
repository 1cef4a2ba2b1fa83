import { getDb } from '#app/db/client.server.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import { nowIso } from '#app/lib/ids.ts';
import { describeUserAgent } from '#app/lib/user-agent.ts';
import { notFound, type Result } from '#app/services/failures.ts';

import { revokeAllApiTokens } from './api-tokens.server.ts';
import { hashSessionToken, idleCutoff } from './session-store.server.ts';

export interface SessionSummary {
  id: string;
  /** "Firefox on Windows", from the User-Agent the session started with. */
  device: string;
  userAgent: string;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  /** The session of the request that asked (when its token was given). */
  current: boolean;
}

/** A user's live sessions, most recently used first. */
export async function listSessions(userId: string, currentToken?: string | null): Promise<SessionSummary[]> {
  const currentHash = currentToken ? hashSessionToken(currentToken) : null;
  const rows = await getDb()
    .selectFrom('sessions')
    .select(['id', 'token_hash', 'user_agent', 'created_at', 'last_used_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', nowIso())
    .where('last_used_at', '>', idleCutoff())
    .orderBy('last_used_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    device: describeUserAgent(row.user_agent),
    userAgent: row.user_agent,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
    current: row.token_hash === currentHash,
  }));
}

/** Ends one of the user's own sessions; another user's session id is "not found". */
export async function endSession(userId: string, sessionId: string): Promise<Result> {
  const result = await getDb().deleteFrom('sessions').where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0 ? { ok: true } : notFound('This session has already ended.');
}

/**
 * "Sign out of all other sessions": ends every session of the user but the one holding
 * `currentToken`, and with `revokeTokens` revokes their API tokens too, in one transaction.
 */
export async function endOtherSessions(
  userId: string,
  currentToken: string,
  options: { revokeTokens?: boolean } = {},
): Promise<{ ended: number; tokensRevoked: number }> {
  return writeTransaction(async (trx) => {
    const result = await trx
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('token_hash', '<>', hashSessionToken(currentToken))
      .executeTakeFirst();
    const tokensRevoked = options.revokeTokens
      ? await revokeAllApiTokens(trx, userId, { actor: { id: userId }, reason: 'signed out everywhere' })
      : 0;
    return { ended: Number(result.numDeletedRows), tokensRevoked };
  });
}
