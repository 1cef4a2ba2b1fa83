import { writeTransaction } from '#app/db/transaction.server.ts';
import { nowIso } from '#app/lib/ids.ts';
import { passwordWeakness } from '#app/lib/password-strength.ts';
import { INVALID_RESET_LINK_MESSAGE } from '#app/schemas/password-reset.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import { revokeAllApiTokens } from '#app/services/auth/api-tokens.server.ts';
import { hashPassword } from '#app/services/auth/password.server.ts';
import { invalid, type Result } from '#app/services/failures.ts';

import { findResetLink, hashResetToken } from './reset-links.server.ts';

/**
 * The reset page's new password (the same rules as everywhere: 12 characters, not a common one, not the user's
 * name or e-mail). In one transaction the link is used up (deleting its row is the single use: a second, concurrent
 * reset deletes nothing), the password changes, every session of the user ends and every API token is revoked
 * (whoever knew the old password may hold one), and the reset is audited. Two-factor sign-in stays as it was.
 */
export async function completePasswordReset(token: string, password: string): Promise<Result<{ email: string }>> {
  const user = await findResetLink(token);
  if (!user) return invalid({}, [INVALID_RESET_LINK_MESSAGE]);
  const weakness = passwordWeakness(password, [user.email, user.name]);
  if (weakness) return invalid({ password: weakness });
  const passwordHash = await hashPassword(password);
  return writeTransaction(async (trx) => {
    const now = nowIso();
    const used = await trx
      .deleteFrom('password_resets')
      .where('token_hash', '=', hashResetToken(token))
      .where('user_id', '=', user.id)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(used.numDeletedRows) === 0) return invalid({}, [INVALID_RESET_LINK_MESSAGE]);
    const updated = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', user.id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return invalid({}, [INVALID_RESET_LINK_MESSAGE]);
    const actor = { id: user.id, name: user.name };
    const ended = await trx.deleteFrom('sessions').where('user_id', '=', user.id).executeTakeFirst();
    const tokensRevoked = await revokeAllApiTokens(trx, user.id, { actor, reason: 'password reset' });
    await recordAudit(trx, {
      actor,
      action: 'user.password_reset',
      target: { type: 'user', id: user.id, label: `${user.name} <${user.email}>` },
      details: { sessionsEnded: Number(ended.numDeletedRows), tokensRevoked },
    });
    return { ok: true as const, email: user.email };
  });
}
