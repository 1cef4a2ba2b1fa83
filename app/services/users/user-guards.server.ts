import type { Kysely } from 'kysely';

import type { Database } from '#app/db/schema.ts';
import { parseJson } from '#app/lib/json.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { type Failure, forbidden, notFound } from '#app/services/failures.ts';

import { ADMINISTRATOR_ROLE_ID, holdsAll } from './actor.ts';

export interface TargetUser {
  id: string;
  role_id: string;
  status: 'active' | 'inactive' | 'pending';
}

export async function rolePermissions(db: Kysely<Database>, roleId: string): Promise<string[] | null> {
  const role = await db.selectFrom('roles').select('permissions').where('id', '=', roleId).executeTakeFirst();
  return role ? parseJson<string[]>(role.permissions, []) : null;
}

async function activeAdministratorCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role_id', '=', ADMINISTRATOR_ROLE_ID)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export const LAST_ADMIN_MESSAGE = 'The last active administrator cannot be removed, deactivated or demoted.';

/**
 * The rules no form can talk its way around, checked before any change to a user:
 * nobody changes their own role or status or deletes themselves; nobody manages a user whose role
 * holds permissions they lack, or grants such a role; the last active administrator stays one.
 */
export async function checkUserChange(
  db: Kysely<Database>,
  actor: Actor,
  target: TargetUser,
  change: { delete: true } | { roleId: string; status: TargetUser['status'] },
): Promise<Failure | null> {
  const self = actor.id === target.id;
  const removing = 'delete' in change;
  if (self && removing) return forbidden('You cannot delete your own account.');
  if (self && !removing && change.roleId !== target.role_id) return forbidden('You cannot change your own role.');
  if (self && !removing && change.status !== target.status) return forbidden('You cannot change your own status.');

  const currentPermissions = (await rolePermissions(db, target.role_id)) ?? [];
  if (!self && !holdsAll(actor, currentPermissions)) {
    return forbidden('You cannot manage a user whose role has permissions you do not hold.');
  }
  if (!removing && change.roleId !== target.role_id) {
    const granted = await rolePermissions(db, change.roleId);
    if (granted && !holdsAll(actor, granted)) return forbidden('You can only grant roles whose permissions you hold yourself.');
  }

  const wasActiveAdmin = target.role_id === ADMINISTRATOR_ROLE_ID && target.status === 'active';
  const staysActiveAdmin = !removing && change.roleId === ADMINISTRATOR_ROLE_ID && change.status === 'active';
  if (wasActiveAdmin && !staysActiveAdmin && (await activeAdministratorCount(db)) <= 1) return forbidden(LAST_ADMIN_MESSAGE);
  return null;
}

/** The fields a change to a colleague is checked against (checkUserChange), or undefined when they are gone. */
export function colleague(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').select(['id', 'email', 'name', 'role_id', 'status']).where('id', '=', id).executeTakeFirst();
}

/**
 * A colleague the actor may act on as a user manager (reset their password or second factor): the user's row, or the
 * failure to answer (gone, or a user they may not manage).
 */
export async function loadManagedColleague(
  db: Kysely<Database>,
  actor: Actor,
  userId: string,
): Promise<{ ok: true; user: { id: string; email: string; name: string; role_id: string; status: string } } | Failure> {
  const target = await colleague(db, userId);
  if (!target) return notFound('This user no longer exists.');
  const refused = await checkUserChange(db, actor, target, { roleId: target.role_id, status: target.status });
  return refused ?? { ok: true, user: target };
}
