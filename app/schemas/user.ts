import { z } from 'zod';

import { passwordWeakness } from '#app/lib/password-strength.ts';
import { PERMISSIONS } from '#app/lib/permissions.ts';

import { requiredText } from './content-fields.ts';

export const USER_STATUSES = ['active', 'inactive', 'pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

const emailField = z
  .string({ error: 'Invalid email address' })
  .trim()
  .toLowerCase()
  .max(254, 'Invalid email address')
  .pipe(z.email('Invalid email address'));

/** The user form (docs/product.md, Validation messages): checked in the browser and again by the action. A new user is always pending (invited). */
export const userFormSchema = z.object({
  email: emailField,
  name: requiredText('Name is required', 100),
  role: requiredText('Role is required', 100),
  status: z.enum(USER_STATUSES, { error: 'Status must be active, inactive or pending' }).optional(),
  avatar: z
    .string()
    .trim()
    .max(2000, 'Must be at most 2000 characters')
    .refine((value) => value === '' || /^(\/(?!\/)|https?:\/\/)/i.test(value), 'Enter an address starting with /, http:// or https://')
    .optional(),
});
export type UserForm = z.infer<typeof userFormSchema>;

/** The Users tab's search, status filter and page, read from the URL; bad values fall back. */
export const userListQuerySchema = z.object({
  q: z.string().trim().max(200).catch(''),
  status: z.enum(USER_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export function readUserListQuery(url: URL): UserListQuery {
  return userListQuerySchema.parse({
    q: url.searchParams.get('q') ?? '',
    status: url.searchParams.get('status') || undefined,
    page: url.searchParams.get('page') ?? 1,
  });
}

/** The role form (docs/product.md, Validation messages). Permissions outside the vocabulary are refused, not dropped. */
export const roleFormSchema = z.object({
  name: requiredText('Role name is required', 60),
  description: z.string().trim().max(300, 'Must be at most 300 characters').default(''),
  permissions: z
    .array(z.enum(PERMISSIONS, { error: 'Unknown permission' }))
    .max(PERMISSIONS.length)
    .default([]),
});
export type RoleForm = z.infer<typeof roleFormSchema>;

/** What a new password must be: long, and not one everybody tries first. */
export const PASSWORD_MIN_LENGTH = 12;

/**
 * A new password: the length, and the rules that need no account (not a common password, not one repeated
 * character) so the browser says them at once. The service checks again, with the user's name and email.
 */
export const newPasswordSchema = z
  .string({ error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters')
  .superRefine((password, context) => {
    const weakness = password.length >= PASSWORD_MIN_LENGTH ? passwordWeakness(password) : null;
    if (weakness) context.addIssue({ code: 'custom', message: weakness });
  });

/** The Users tab's row actions. */
export const userRowActionSchema = z.object({
  intent: z.enum(['delete', 'resend', 'copy-link', 'revoke', 'reset-link']),
  id: z.string().min(1).max(100),
});

/** The Roles tab's delete, with the role its holders move to. */
export const roleDeleteSchema = z.object({
  intent: z.literal('delete'),
  id: z.string().min(1).max(100),
  moveTo: z.string().max(100).optional(),
});

export const INVALID_INVITATION_MESSAGE = 'This invitation link is invalid or has expired. Ask an administrator to send a new one.';

/** The invitation page: the invitee's new password, typed twice; the service also refuses their name or email as the password. */
export const acceptInvitationSchema = z
  .object({ password: newPasswordSchema, confirm: z.string({ error: 'Passwords do not match' }).max(200) })
  .refine((value) => value.password === value.confirm, { message: 'Passwords do not match', path: ['confirm'] });

const avatarField = z
  .string()
  .trim()
  .max(2000, 'Must be at most 2000 characters')
  .refine((value) => value === '' || /^(\/(?!\/)|https?:\/\/)/i.test(value), 'Enter an address starting with /, http:// or https://')
  .default('');

/** The signed-in user's current password, asked before a change that needs it (e-mail, password, two-factor, API tokens). */
export const currentPasswordField = z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password').max(200);

/** The own-account page's forms (each posts its `intent` with its button). */
export const profileFormSchema = z.object({ name: requiredText('Name is required', 100), avatar: avatarField });

/** A new email address for oneself, confirmed with the current password. */
export const emailChangeSchema = z.object({ email: emailField, password: currentPasswordField });

/** A new password for oneself: the current one, and the new one typed twice. */
export const passwordChangeSchema = z
  .object({
    current: currentPasswordField,
    password: newPasswordSchema,
    confirm: z.string({ error: 'Passwords do not match' }).max(200),
  })
  .refine((value) => value.password === value.confirm, { message: 'Passwords do not match', path: ['confirm'] });

/** Ending one of one's own other sessions. */
export const endSessionSchema = z.object({ id: z.string().min(1).max(100) });
