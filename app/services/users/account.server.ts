import { getDb } from '#app/db/client.server.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import { nowIso } from '#app/lib/ids.ts';
import { passwordWeakness } from '#app/lib/password-strength.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import { revokeAllApiTokens } from '#app/services/auth/api-tokens.server.ts';
import { hashPassword } from '#app/services/auth/password.server.ts';
import { confirmCurrentPassword } from '#app/services/auth/password-check.server.ts';
import { hashSessionToken } from '#app/services/auth/session-store.server.ts';
import { isUniqueViolation } from '#app/services/content/unique-violation.server.ts';
import { invalid, notFound, type Result } from '#app/services/failures.ts';

import { DUPLICATE_EMAIL_MESSAGE } from './users.server.ts';

async function accountOf(userId: string) {
  return getDb().selectFrom('users').select(['email', 'name']).where('id', '=', userId).executeTakeFirst();
}

/** One's own name and avatar. */
export async function updateProfile(userId: string, input: { name: string; avatar: string }): Promise<Result> {
  return writeTransaction(async (trx) => {
    const user = await trx.selectFrom('users').select(['name', 'email', 'avatar']).where('id', '=', userId).executeTakeFirst();
    if (!user) return notFound();
    await trx
      .updateTable('users')
      .set({ name: input.name, avatar: input.avatar || null, updated_at: nowIso() })
      .where('id', '=', userId)
      .execute();
    const details = {
      name: user.name === input.name ? undefined : { from: user.name, to: input.name },
      avatar: user.avatar === (input.avatar || null) ? undefined : 'changed',
    };
    await recordAudit(trx, {
      actor: { id: userId, name: input.name },
      action: 'user.updated',
      target: { type: 'user', id: userId, label: `${input.name} <${user.email}>` },
      details,
    });
    return { ok: true as const };
  });
}

/** One's own email address, confirmed with the current password. */
export async function changeEmail(userId: string, input: { email: string; password: string }): Promise<Result> {
  const user = await accountOf(userId);
  if (!user) return notFound();
  const refused = await confirmCurrentPassword(userId, input.password, 'email change');
  if (refused) return refused;
  const email = input.email.trim().toLowerCase();
  if (email === user.email) return { ok: true };
  try {
    return await writeTransaction(async (trx) => {
      const taken = await trx.selectFrom('users').select('id').where('email', '=', email).where('id', '<>', userId).executeTakeFirst();
      if (taken) return invalid({ email: DUPLICATE_EMAIL_MESSAGE });
      await trx.updateTable('users').set({ email, updated_at: nowIso() }).where('id', '=', userId).execute();
      await recordAudit(trx, {
        actor: { id: userId, name: user.name },
        action: 'user.updated',
        target: { type: 'user', id: userId, label: `${user.name} <${email}>` },
        details: { email: { from: user.email, to: email } },
      });
      return { ok: true as const };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return invalid({ email: DUPLICATE_EMAIL_MESSAGE });
    throw error;
  }
}

/**
 * One's own password: the current one is required; every other session of the user ends and every
 * API token is revoked (whoever had the old password may have made one), in the same transaction.
 */
export async function changePassword(
  userId: string,
  input: { current: string; password: string },
  currentToken: string | null,
): Promise<Result> {
  const user = await accountOf(userId);
  if (!user) return notFound();
  const refused = await confirmCurrentPassword(userId, input.current, 'password change', 'current');
  if (refused) return refused;
  const weakness = passwordWeakness(input.password, [user.email, user.name]);
  if (weakness) return invalid({ password: weakness });
  const passwordHash = await hashPassword(input.password);
  return writeTransaction(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: nowIso() }).where('id', '=', userId).execute();
    let others = trx.deleteFrom('sessions').where('user_id', '=', userId);
    if (currentToken) others = others.where('token_hash', '<>', hashSessionToken(currentToken));
    const ended = await others.executeTakeFirst();
    const tokensRevoked = await revokeAllApiTokens(trx, userId, { actor: { id: userId, name: user.name }, reason: 'password changed' });
    await recordAudit(trx, {
      actor: { id: userId, name: user.name },
      action: 'user.updated',
      target: { type: 'user', id: userId, label: `${user.name} <${user.email}>` },
      details: { password: 'changed', sessionsEnded: Number(ended.numDeletedRows), tokensRevoked },
    });
    return { ok: true as const };
  });
}
