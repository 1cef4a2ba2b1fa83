import { type Actor, DEFAULT_ROLES } from '#app/lib/permissions.ts';
import { createUser } from '#app/services/users/create-user.server.ts';

export type RoleId = 'administrator' | 'editor' | 'author' | 'contributor';

function roleOf(roleId: RoleId) {
  const role = DEFAULT_ROLES.find((candidate) => candidate.id === roleId)!;
  return { id: role.id, permissions: [...role.permissions] };
}

/** A user of one of the default roles, stored in the current database, as the services see them. */
export async function makeActor(roleId: RoleId, label: string = roleId) {
  const email = `${label}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const id = await createUser({ email, name: label, password: null, roleId });
  return { id, name: label, role: roleOf(roleId) };
}

/** Someone of a default role as the services see them, with no user row: for tests about something else than who acts. */
export function actorAs(roleId: RoleId, who: { id: string; name?: string } = { id: `test-${roleId}` }): Actor {
  return { ...who, role: roleOf(roleId) };
}

/** An administrator, for the tests of what a write does rather than who may make it. */
export const ADMIN: Actor = actorAs('administrator');
