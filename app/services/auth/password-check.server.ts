import { getDb } from '#app/db/client.server.ts';
import { auditRefusal } from '#app/services/audit/record-audit.server.ts';
import { type Failure, invalid } from '#app/services/failures.ts';
import { countAttempt, releaseAttempt, type ThrottleRule, tooManyAttempts } from '#app/services/throttles/throttles.server.ts';

import { verifyPassword } from './password.server.ts';

/**
 * Current-password confirmations per account (whatever the session or address) within a window:
 * someone holding a stolen session cannot use these forms to guess the password.
 */
export const PASSWORD_CHECKS_PER_ACCOUNT: ThrottleRule = { limit: 10, windowMs: 15 * 60 * 1000 };
export const WRONG_PASSWORD = 'Your current password is not correct';

/** What the confirmation is for, as the audit log names it. */
export type PasswordCheckPurpose =
  'email change' | 'password change' | 'two-factor set-up' | 'two-factor turn-off' | 'recovery codes' | 'API token';

/**
 * The one check of a signed-in user's current password before a change that needs it (e-mail,
 * password, two-factor, API tokens): counted per account before the password is checked (a right
 * one is given back), a wrong one audited (capped per source). Answers null when the password is right, else the failure to
 * show beside `field`.
 */
export async function confirmCurrentPassword(
  userId: string,
  password: string,
  purpose: PasswordCheckPurpose,
  field = 'password',
): Promise<Failure | null> {
  const key = `password-check:user:${userId}`;
  const hit = await countAttempt(key, PASSWORD_CHECKS_PER_ACCOUNT);
  const user = await getDb().selectFrom('users').select(['name', 'email', 'password_hash']).where('id', '=', userId).executeTakeFirst();
  const refusal = (reason: string) =>
    auditRefusal({
      actor: { id: userId, name: user?.name ?? '' },
      action: 'auth.password_check_failed',
      target: { type: 'account', id: userId, label: user?.email ?? null },
      details: { purpose, reason },
    });
  if (!hit.allowed) {
    // Recorded once per window, not at every refused request.
    if (hit.firstRefused) await refusal('locked');
    return tooManyAttempts(hit, 'wrong passwords');
  }
  if (user?.password_hash && (await verifyPassword(user.password_hash, password))) {
    // A right password gives its attempt back: only wrong ones use up the limit.
    await releaseAttempt(key);
    return null;
  }
  await refusal('wrong password');
  return invalid({ [field]: WRONG_PASSWORD });
}
