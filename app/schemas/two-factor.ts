import { z } from 'zod';

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

export const twoFactorConfirmSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code your app shows' })
    .trim()
    .max(7, 'Enter the 6-digit code your app shows')
    .regex(/^\d{3}\s?\d{3}$/, 'Enter the 6-digit code your app shows'),
});

export const twoFactorCodeSchema = z.object({ code: secondFactorCodeSchema });
