import { getDb } from '#app/db/client.server.ts';
import { nowIso } from '#app/lib/ids.ts';
import { pruneThrottles } from '#app/services/throttles/throttles.server.ts';

import { decoyPasswordHash, verifyPassword } from './password.server.ts';
import { forgiveSignInAttempt, reserveSignInAttempt, type SignInLimit } from './rate-limit.server.ts';
import { createSession, pruneSessions } from './session-store.server.ts';
import { createSignInChallenge } from './sign-in-challenge.server.ts';
import { twoFactorStatus } from './two-factor.server.ts';

export type SignInResult =
  | { ok: true; token: string; expiresAt: Date }
  | { ok: false; reason: 'invalid' }
  /** Throttled: `first` is the first refusal of its limit's window (the one audited). */
  | { ok: false; reason: 'locked'; limit: SignInLimit; retryAfterSeconds: number; first: boolean }
  /** The password was right, but the account has two-factor sign-in: no session yet, a challenge for the code. */
  | { ok: false; reason: 'two-factor'; challenge: string; expiresAt: Date };

/**
 * Checks the credentials and starts a session. Every attempt is counted before the password is
 * checked, per address, per account-and-address and per account; a throttled address never stops
 * the account's owner signing in from another one, and an account guessed at from many addresses is
 * slowed, never locked (`knownBrowser`: this browser has signed in to the account before).
 */
export async function signIn(input: {
  email: string;
  password: string;
  ip: string;
  userAgent?: string;
  knownBrowser?: boolean;
}): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const reservation = await reserveSignInAttempt(email, input.ip, input.knownBrowser);
  if (!reservation.allowed) {
    const { limit, retryAfterSeconds, first } = reservation;
    return { ok: false, reason: 'locked', limit, retryAfterSeconds, first };
  }

  const user = await getDb().selectFrom('users').select(['id', 'password_hash', 'status']).where('email', '=', email).executeTakeFirst();
  const passwordOk = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), input.password);
  if (!user || !user.password_hash || !passwordOk || user.status !== 'active') return { ok: false, reason: 'invalid' };

  await forgiveSignInAttempt(email, input.ip, input.knownBrowser);
  await Promise.all([pruneSessions(), pruneThrottles()]);
  if ((await twoFactorStatus(user.id)).enabled) {
    const challenge = await createSignInChallenge(user.id, input.userAgent);
    return { ok: false, reason: 'two-factor', challenge: challenge.token, expiresAt: challenge.expiresAt };
  }
  await getDb().updateTable('users').set({ last_login_at: nowIso() }).where('id', '=', user.id).execute();
  const session = await createSession(user.id, input.userAgent);
  return { ok: true, ...session };
}
