import { z } from 'zod';

import { PERMISSIONS } from '#app/lib/permissions.ts';

import { currentPasswordField } from './user.ts';

/** How long a new token lives: tokens always expire. */
export const TOKEN_LIFETIMES = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
] as const;

export const apiTokenSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  scopes: z
    .array(z.enum(PERMISSIONS, { error: 'Choose scopes from the list' }), { error: 'Choose at least one scope' })
    .min(1, 'Choose at least one scope')
    .max(PERMISSIONS.length),
  expiresInDays: z.coerce
    .number({ error: 'Choose an expiry' })
    .refine((days) => TOKEN_LIFETIMES.some((lifetime) => lifetime.days === days), 'Choose an expiry from the list'),
  /** A token acts as its holder: making one asks for the current password, as changing the e-mail does. */
  password: currentPasswordField,
});

/** What a token is made of (the password is checked, never stored). */
export type ApiTokenInput = Omit<z.infer<typeof apiTokenSchema>, 'password'>;

/** Revoking one of one's own tokens, by its id. */
export const apiTokenRevokeSchema = z.object({ tokenId: z.string().min(1).max(100) });
