import { DEFAULT_ROLES } from '#app/lib/permissions.ts';
import { createUser } from '#app/services/users/create-user.server.ts';

export type RoleId = 'administrator' | 'editor' | 'author' | 'contributor';

/** A user of one of the default roles, stored in the current database, as the services see them. */
export async function makeActor(roleId: RoleId, label: string = roleId) {
  const role = DEFAULT_ROLES.find((candidate) => candidate.id === roleId)!;
  const email = `${label}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const id = await createUser({ email, name: label, password: null, roleId });
  return { id, name: label, role: { id: role.id, permissions: [...role.permissions] } };
}
