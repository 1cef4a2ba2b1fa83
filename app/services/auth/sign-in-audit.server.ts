import { getDb } from '#app/db/client.server.ts';
import { auditEvent } from '#app/services/audit/record-audit.server.ts';
import { noteFailedSignIn } from '#app/services/notifications/sign-in-alerts.server.ts';

/**
 * Records a sign-in attempt in the audit log: the account when the email names one (a failure
 * against an unknown email keeps only the email tried), and why it failed.
 */
export async function auditSignIn(
  input: ({ email: string; userId?: undefined } | { userId: string; email?: undefined }) & {
    ok: boolean;
    reason?: string;
    method?: string;
  },
): Promise<void> {
  const query = getDb().selectFrom('users').select(['id', 'name', 'email']);
  const user = await (
    input.userId === undefined
      ? query.where('email', '=', input.email.trim().toLowerCase().slice(0, 200))
      : query.where('id', '=', input.userId)
  ).executeTakeFirst();
  const email = user?.email ?? (input.email ?? '').trim().toLowerCase().slice(0, 200);
  await auditEvent({
    actor: user ? { id: user.id, name: user.name } : { name: email },
    action: input.ok ? 'auth.sign_in' : 'auth.sign_in_failed',
    target: { type: 'account', id: user?.id ?? null, label: email },
    details: { ...(input.reason ? { reason: input.reason } : {}), ...(input.method ? { method: input.method } : {}) },
  });
  if (user && !input.ok) await noteFailedSignIn(user.id);
}
