import { z } from 'zod';

import { currentPasswordField } from './user.ts';

/** Said when a set-up's sealed token is missing, altered or older than its 15 minutes. */
export const SETUP_EXPIRED = 'This set-up has expired. Start again to get a new secret.';

/** A TOTP code (6 digits) or a recovery code (xxxxx-xxxxx); the service tells them apart. */
export const secondFactorCodeSchema = z
  .string({ error: 'Enter the code from your authenticator app' })
  .trim()
  .min(1, 'Enter the code from your authenticator app')
  .max(64, 'That code is too long');

export const signInCodeSchema = z.object({
  code: secondFactorCodeSchema,
  redirectTo: z.string().max(2000).optional(),
});

/** Starting a set-up: the current password, before any secret is shown. */
export const twoFactorStartSchema = z.object({ password: currentPasswordField });

/** The set-up's first code, with the sealed set-up the page was given. */
export const twoFactorConfirmSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code your app shows' })
    .trim()
    .max(7, 'Enter the 6-digit code your app shows')
    .regex(/^\d{3}\s?\d{3}$/, 'Enter the 6-digit code your app shows'),
  setupToken: z.string({ error: SETUP_EXPIRED }).min(1, SETUP_EXPIRED).max(2000, SETUP_EXPIRED),
});

/** Turning two-factor off, or new recovery codes: the current password and a current code. */
export const twoFactorCodeSchema = z.object({ password: currentPasswordField, code: secondFactorCodeSchema });
