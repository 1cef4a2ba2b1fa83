import { generate } from 'otplib';

import { confirmTwoFactor, startTwoFactorSetup } from '#app/services/auth/two-factor-setup.server.ts';

/** The code of a TOTP secret at a given moment (the tests use fixed clocks, never "now"). */
export const codeAt = (secret: string, when: Date) => generate({ secret, epoch: Math.floor(when.getTime() / 1000) });

/**
 * Enrols a stored user in two-factor sign-in through the set-up's own steps (password, fresh secret,
 * first code at `now`); answers the secret and the recovery codes.
 */
export async function enrolTwoFactor(user: { id: string; email: string }, password: string, now: Date) {
  const setup = await startTwoFactorSetup({ user, password, now });
  if (!setup.ok) throw new Error(`set-up refused: ${JSON.stringify(setup)}`);
  const confirmed = await confirmTwoFactor({ userId: user.id, setupToken: setup.setupToken, code: await codeAt(setup.secret, now), now });
  if (!confirmed.ok) throw new Error(`confirmation refused: ${JSON.stringify(confirmed)}`);
  return { secret: setup.secret, setupToken: setup.setupToken, recoveryCodes: confirmed.recoveryCodes };
}
