import type { Actor } from '#app/lib/permissions.ts';

/** The signed-in user as loaders and components see it. Never carries the password hash. */
export interface SessionUser extends Actor {
  id: string;
  email: string;
  name: string;
  avatar: string | null;
  role: { id: string; name: string; permissions: string[] } | null;
}
