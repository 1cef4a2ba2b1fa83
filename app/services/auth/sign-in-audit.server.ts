import { getDb } from '#app/db/client.server.ts';
import { auditEvent, auditRefusal } from '#app/services/audit/record-audit.server.ts';
import { noteFailedSignIn } from '#app/services/notifications/sign-in-alerts.server.ts';

import type { SignInLimit } from './rate-limit.server.ts';

/**
 * Records a sign-in attempt in the audit log: the account when the email names one (a failure
 * against an unknown email keeps only the email tried), and why it failed. A failure is a refusal
 * (capped per source, auditRefusal); a throttled attempt is recorded only as the first refusal of
 * its limit's window (`throttled`), so a loop against a throttled address writes nothing more.
 */
export async function auditSignIn(
  input: ({ email: string; userId?: undefined } | { userId: string; email?: undefined }) & {
    ok: boolean;
    reason?: string;
    method?: string;
    throttled?: { limit: SignInLimit; retryAfterSeconds: number };
  },
): Promise<void> {
  const query = getDb().selectFrom('users').select(['id', 'name', 'email']);
  const user = await (
    input.userId === undefined
      ? query.where('email', '=', input.email.trim().toLowerCase().slice(0, 200))
      : query.where('id', '=', input.userId)
  ).executeTakeFirst();
  const email = user?.email ?? (input.email ?? '').trim().toLowerCase().slice(0, 200);
  const entry = {
    actor: user ? { id: user.id, name: user.name } : { name: email },
    target: { type: 'account', id: user?.id ?? null, label: email },
  };
  if (input.ok) {
    await auditEvent({ ...entry, action: 'auth.sign_in', details: input.method ? { method: input.method } : {} });
    return;
  }
  await auditRefusal(
    input.throttled
      ? { ...entry, action: 'auth.sign_in_throttled', details: { ...input.throttled } }
      : { ...entry, action: 'auth.sign_in_failed', details: input.reason ? { reason: input.reason } : {} },
  );
  if (user) await noteFailedSignIn(user.id);
}
