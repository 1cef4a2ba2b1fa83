import { getDb } from '#app/db/client.server.ts';
import { nowIso } from '#app/lib/ids.ts';
import { decoyPasswordHash, verifyPassword } from './password.server.ts';
import { clearSignInFailures, isSignInLocked, recordSignInFailure } from './rate-limit.server.ts';
import { createSession } from './session-store.server.ts';

export type SignInResult =
  | { ok: true; token: string; expiresAt: Date }
  | { ok: false; reason: 'invalid' | 'locked' };

/** Checks the credentials, counts failures per account and per address, and starts a session. */
export async function signIn(input: { email: string; password: string; ip: string }): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  if (await isSignInLocked(email, input.ip)) return { ok: false, reason: 'locked' };

  const user = await getDb()
    .selectFrom('users')
    .select(['id', 'password_hash', 'status'])
    .where('email', '=', email)
    .executeTakeFirst();
  const passwordOk = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), input.password);
  if (!user || !user.password_hash || !passwordOk || user.status !== 'active') {
    await recordSignInFailure(email, input.ip);
    return { ok: false, reason: 'invalid' };
  }

  await clearSignInFailures(email);
  const now = nowIso();
  await getDb().updateTable('users').set({ last_login_at: now }).where('id', '=', user.id).execute();
  const session = await createSession(user.id);
  return { ok: true, ...session };
}
