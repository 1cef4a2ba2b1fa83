import { getDb } from '#app/db/client.server.ts';
import { type Actor, hasPermission, isPermission, type Permission, type UserWithRole } from '#app/lib/permissions.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import { invalid, refuseWithout, type Result } from '#app/services/failures.ts';
import { readSetting, writeSettings } from '#app/services/settings/settings-store.server.ts';

export interface TwoFactorPolicy {
  /** Everyone whose role holds this permission must use two-factor sign-in; null: nobody must. */
  requiredFor: Permission | null;
}

const DEFAULT_POLICY: TwoFactorPolicy = { requiredFor: null };

export async function getTwoFactorPolicy(): Promise<TwoFactorPolicy> {
  const stored = await readSetting<TwoFactorPolicy>('two_factor_policy', DEFAULT_POLICY);
  return { requiredFor: typeof stored.requiredFor === 'string' && isPermission(stored.requiredFor) ? stored.requiredFor : null };
}

/** Sets (or clears, with '') the permission whose holders must use two-factor sign-in. */
export async function saveTwoFactorPolicy(actor: Actor, input: { requiredFor: string }, version?: string): Promise<Result> {
  const refused = refuseWithout(actor, 'manage_settings');
  if (refused) return refused;
  const value = input.requiredFor.trim();
  if (value !== '' && !isPermission(value)) return invalid({ requiredFor: 'Choose a permission from the list.' });
  const before = await getTwoFactorPolicy();
  const requiredFor = value === '' ? null : value;
  return writeSettings(
    actor,
    { two_factor_policy: { requiredFor } satisfies TwoFactorPolicy },
    async (trx) => {
      if (before.requiredFor === requiredFor) return;
      await recordAudit(trx, {
        actor,
        action: 'two_factor.policy_changed',
        target: { type: 'settings', id: 'two_factor_policy', label: requiredFor ?? 'nobody' },
        details: { from: before.requiredFor, to: requiredFor },
      });
    },
    version,
  );
}

/**
 * True when the policy requires two-factor sign-in of this user and they have not turned it on:
 * the admin then sends them to the set-up page until they do. One settings read per admin request,
 * and an enrolment read only for those the policy names.
 */
export async function mustEnrolTwoFactor(user: UserWithRole & { id: string }): Promise<boolean> {
  const { requiredFor } = await getTwoFactorPolicy();
  if (!requiredFor || !hasPermission(user, requiredFor)) return false;
  const row = await getDb().selectFrom('two_factor').select('enabled_at').where('user_id', '=', user.id).executeTakeFirst();
  return !row?.enabled_at;
}
