import { randomBytes } from 'node:crypto';

import { getDb } from '#app/db/client.server.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import { auditEvent, auditRefusal } from '#app/services/audit/record-audit.server.ts';
import { clearThrottle, countAttempt } from '#app/services/throttles/throttles.server.ts';

import { createSession, hashSessionToken } from './session-store.server.ts';
import { checkSecondFactor, CODES_PER_ACCOUNT, twoFactorAccountKey } from './two-factor.server.ts';

/** How long a right password waits for its code. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** Wrong codes one challenge takes before the password must be entered again. */
export const CODES_PER_CHALLENGE = 5;

/** Starts the second step for a user whose password was right; the token goes in a short-lived cookie. */
export async function createSignInChallenge(userId: string, userAgent = ''): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  const db = getDb();
  await db.deleteFrom('sign_in_challenges').where('expires_at', '<=', nowIso()).execute();
  await db
    .insertInto('sign_in_challenges')
    .values({
      id: newId(),
      token_hash: hashSessionToken(token),
      user_id: userId,
      expires_at: expiresAt.toISOString(),
      user_agent: userAgent.slice(0, 512),
    })
    .execute();
  return { token, expiresAt };
}

/** The account a live challenge belongs to (for the page's "signing in as"), or null. */
export async function findSignInChallenge(token: string): Promise<{ userId: string; email: string } | null> {
  const row = await getDb()
    .selectFrom('sign_in_challenges')
    .innerJoin('users', 'users.id', 'sign_in_challenges.user_id')
    .select(['users.id', 'users.email', 'sign_in_challenges.expires_at'])
    .where('token_hash', '=', hashSessionToken(token))
    .executeTakeFirst();
  return row && row.expires_at > nowIso() ? { userId: row.id, email: row.email } : null;
}

export type SecondStepResult =
  | { ok: true; token: string; expiresAt: Date; userId: string; method: 'totp' | 'recovery_code' }
  /** expired: start again with the password; wrong: try again; locked: too many wrong codes. */
  | { ok: false; reason: 'expired' | 'wrong' | 'locked' };

/**
 * Completes a sign-in with a TOTP or recovery code. Each attempt is counted before the code is
 * checked (per challenge and per account), every wrong code is audited, and a right one ends the
 * challenge and starts the session.
 */
export async function completeSignInChallenge(input: { token: string; code: string; now?: Date }): Promise<SecondStepResult> {
  const db = getDb();
  const tokenHash = hashSessionToken(input.token);
  const counted = await db
    .updateTable('sign_in_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', nowIso())
    .returning(['user_id', 'attempts', 'user_agent'])
    .executeTakeFirst();
  if (!counted) return { ok: false, reason: 'expired' };
  const userId = counted.user_id;
  const user = await db.selectFrom('users').select(['id', 'name', 'email', 'status']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.status !== 'active') {
    await db.deleteFrom('sign_in_challenges').where('token_hash', '=', tokenHash).execute();
    return { ok: false, reason: 'expired' };
  }
  const account = await countAttempt(twoFactorAccountKey(userId), CODES_PER_ACCOUNT);
  if (Number(counted.attempts) > CODES_PER_CHALLENGE || !account.allowed) {
    await db.deleteFrom('sign_in_challenges').where('token_hash', '=', tokenHash).execute();
    // Recorded once per challenge and once per account window, not at every refused request.
    const first = Number(counted.attempts) === CODES_PER_CHALLENGE + 1 || account.firstRefused;
    if (first)
      await auditRefusal({
        actor: { id: user.id, name: user.name },
        action: 'auth.two_factor_failed',
        target: { type: 'account', id: user.id, label: user.email },
        details: { reason: 'locked' },
      });
    return { ok: false, reason: 'locked' };
  }
  const check = await checkSecondFactor({ userId, code: input.code, now: input.now });
  if (!check.ok) {
    await auditRefusal({
      actor: { id: user.id, name: user.name },
      action: 'auth.two_factor_failed',
      target: { type: 'account', id: user.id, label: user.email },
      details: { reason: 'wrong code' },
    });
    return { ok: false, reason: 'wrong' };
  }
  const ended = await db.deleteFrom('sign_in_challenges').where('token_hash', '=', tokenHash).executeTakeFirst();
  // Two right codes racing for one challenge: only the request that ended it gets a session.
  if (Number(ended.numDeletedRows) !== 1) return { ok: false, reason: 'expired' };
  await clearThrottle(twoFactorAccountKey(userId));
  if (check.method === 'recovery_code') {
    await auditEvent({
      actor: { id: user.id, name: user.name },
      action: 'auth.recovery_code_used',
      target: { type: 'account', id: user.id, label: user.email },
    });
  }
  await db.updateTable('users').set({ last_login_at: nowIso() }).where('id', '=', userId).execute();
  const session = await createSession(userId, counted.user_agent);
  return { ok: true, ...session, userId, method: check.method };
}
