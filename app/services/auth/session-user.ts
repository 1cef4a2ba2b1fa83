import type { UserWithRole } from '#app/lib/permissions.ts';

/** The signed-in user as loaders and components see it. Never carries the password hash. */
export interface SessionUser extends UserWithRole {
  id: string;
  email: string;
  name: string;
  avatar: string | null;
  role: { id: string; name: string; permissions: string[] } | null;
}
