import { parseJson } from '#app/lib/json.ts';

import type { SessionUser } from './session-user.ts';

/**
 * The columns of "a user with their role", as a session cookie or an API token signs them in: the one list both
 * queries select (after joining `users` and `roles`), read back by toSessionUser.
 */
export const SESSION_USER_COLUMNS = [
  'users.id',
  'users.email',
  'users.name',
  'users.status',
  'users.avatar',
  'users.role_id',
  'roles.name as role_name',
  'roles.permissions as role_permissions',
] as const;

/** A user's row with their role's name: what the session and the user lists both read. */
export interface UserWithRoleRow {
  id: string;
  email: string;
  name: string;
  avatar: string | null;
  role_id: string;
  role_name: string | null;
}

interface SessionUserRow extends UserWithRoleRow {
  role_permissions: string | null;
}

/** The row as a SessionUser; `narrow` keeps only some of the role's permissions (an API token's scopes). */
export function toSessionUser(row: SessionUserRow, narrow: (permissions: string[]) => string[] = (all) => all): SessionUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    avatar: row.avatar,
    role:
      row.role_name === null
        ? null
        : { id: row.role_id, name: row.role_name, permissions: narrow(parseJson<string[]>(row.role_permissions, [])) },
  };
}
