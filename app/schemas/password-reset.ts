import { z } from 'zod';

import { newPasswordSchema } from './user.ts';

/** "Forgot password?": the e-mail of the account. */
export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Invalid email address')
    .pipe(z.email('Invalid email address')),
});

/** The reset page: the new password typed twice; the service also refuses the user's name or e-mail as the password. */
export const resetPasswordSchema = z
  .object({ password: newPasswordSchema, confirm: z.string({ error: 'Passwords do not match' }).max(200) })
  .refine((value) => value.password === value.confirm, { message: 'Passwords do not match', path: ['confirm'] });

/** The one answer to a reset request, whether or not an account has the address. */
export const RESET_REQUESTED_MESSAGE =
  'If an account uses this address, we have sent it a link to choose a new password. The link works once, for 1 hour. Check your inbox and spam folder.';

export const INVALID_RESET_LINK_MESSAGE = 'This password reset link is invalid, has expired or was already used. Ask for a new one.';
