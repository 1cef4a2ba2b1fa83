import { countAttempt } from '#app/services/throttles/throttles.server.ts';

import { notify } from './notifications.server.ts';

/** This many failed sign-ins on one account within the window make a burst worth telling its owner about. */
export const SIGN_IN_BURST = { limit: 5, windowMs: 15 * 60 * 1000 };

/**
 * Counts a failed sign-in on an existing account (from any address) and notifies the account's
 * owner once per window, when the count reaches the burst size.
 */
export async function noteFailedSignIn(userId: string): Promise<void> {
  const hit = await countAttempt(`notify:sign-in-failed:${userId}`, { limit: SIGN_IN_BURST.limit, windowMs: SIGN_IN_BURST.windowMs });
  if (hit.count !== SIGN_IN_BURST.limit) return;
  await notify({
    kind: 'sign_in_failures',
    message: `${SIGN_IN_BURST.limit} failed sign-in attempts on your account in the last ${SIGN_IN_BURST.windowMs / 60_000} minutes. If this was not you, change your password.`,
    link: '/admin/settings/audit',
    userId,
  });
}
