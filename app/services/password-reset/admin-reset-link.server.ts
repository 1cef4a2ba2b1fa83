import { writeTransaction } from '#app/db/transaction.server.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import { forbidden, invalid, refuseWithout, type Result } from '#app/services/failures.ts';
import { loadManagedColleague } from '#app/services/users/user-guards.server.ts';

import { issueResetLink } from './reset-links.server.ts';

/**
 * Someone who manages users (manage_users, checked here and by the route) makes a reset link for an active colleague, to
 * hand over when no mail can be sent: only for a user they may manage (nobody manages a user whose role holds
 * permissions they lack), never for themselves (My Account changes one's own password). The link replaces any
 * open one, works once for 1 hour, and is shown once; making it is audited.
 */
export async function createResetLink(
  actor: Actor,
  userId: string,
): Promise<Result<{ link: string; expiresAt: string; email: string; name: string }>> {
  const refused = refuseWithout(actor, 'manage_users');
  if (refused) return refused;
  if (actor.id === userId) return forbidden('Change your own password from My Account.');
  return writeTransaction(async (trx) => {
    const colleague = await loadManagedColleague(trx, actor, userId);
    if (!colleague.ok) return colleague;
    const target = colleague.user;
    if (target.status !== 'active') {
      const message =
        target.status === 'pending'
          ? 'This user has not accepted their invitation yet: copy a new invitation link instead.'
          : 'This user is inactive: make them active first.';
      return { ...invalid({}, [message]), message };
    }
    const issued = await issueResetLink(trx, target.id, actor.id);
    await recordAudit(trx, {
      actor,
      action: 'user.password_reset_link',
      target: { type: 'user', id: target.id, label: `${target.name} <${target.email}>` },
      details: { expiresAt: issued.expiresAt },
    });
    return { ok: true as const, link: issued.link, expiresAt: issued.expiresAt, email: target.email, name: target.name };
  });
}
