import type { Kysely } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import { nowIso } from '#app/lib/ids.ts';
import { parseJson } from '#app/lib/json.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { PERMISSIONS } from '#app/lib/permissions.ts';
import type { RoleForm } from '#app/schemas/user.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import { isUniqueViolation } from '#app/services/content/unique-violation.server.ts';
import { conflict, forbidden, invalid, notFound, refuseWithout, type Result } from '#app/services/failures.ts';
import { changedByOthers, refuseStale, stateVersion } from '#app/services/versions/state-version.server.ts';

import { ADMINISTRATOR_ROLE_ID, holdsAll } from './actor.ts';

export interface RoleSummary {
  id: string;
  name: string;
  description: string;
  permissions: string[];
  userCount: number;
}

export const DUPLICATE_ROLE_MESSAGE = 'A role with this name already exists';

/** A new role's id: its name lowercased, whitespace turned into underscores. */
export function roleIdFor(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '_');
}

/** Every role with how many users hold it, the administrator first, then by name. */
export async function listRoles(): Promise<RoleSummary[]> {
  const db = getDb();
  const [roles, counts] = await Promise.all([
    db.selectFrom('roles').select(['id', 'name', 'description', 'permissions']).orderBy('name').execute(),
    db
      .selectFrom('users')
      .select(['role_id', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('role_id')
      .execute(),
  ]);
  const byRole = new Map(counts.map((row) => [row.role_id, Number(row.count)]));
  return roles
    .map((role) => ({ ...role, permissions: parseJson<string[]>(role.permissions, []), userCount: byRole.get(role.id) ?? 0 }))
    .sort((a, b) => Number(b.id === ADMINISTRATOR_ROLE_ID) - Number(a.id === ADMINISTRATOR_ROLE_ID));
}

export async function getRole(id: string): Promise<RoleSummary | null> {
  return (await listRoles()).find((role) => role.id === id) ?? null;
}

/** Permissions in the vocabulary's order, without repeats. */
function normalise(permissions: readonly string[]): string[] {
  return PERMISSIONS.filter((permission) => permissions.includes(permission));
}

const GRANT_REFUSED = 'You can only grant permissions you hold yourself.';

export async function createRole(actor: Actor, input: RoleForm): Promise<Result<{ id: string }>> {
  const refused = refuseWithout(actor, 'manage_roles');
  if (refused) return refused;
  const id = roleIdFor(input.name);
  const permissions = normalise(input.permissions);
  if (!holdsAll(actor, permissions)) return forbidden(GRANT_REFUSED);
  try {
    return await writeTransaction(async (trx) => {
      const existing = await trx.selectFrom('roles').select('id').where('id', '=', id).executeTakeFirst();
      if (existing) return invalid({ name: DUPLICATE_ROLE_MESSAGE });
      const now = nowIso();
      await trx
        .insertInto('roles')
        .values({
          id,
          name: input.name,
          description: input.description,
          permissions: JSON.stringify(permissions),
          created_at: now,
          updated_at: now,
        })
        .execute();
      await recordAudit(trx, { actor, action: 'role.created', target: { type: 'role', id, label: input.name }, details: { permissions } });
      return { ok: true as const, id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return invalid({ name: DUPLICATE_ROLE_MESSAGE });
    throw error;
  }
}

/**
 * Saves a role. Its id never changes. The administrator role keeps every permission whatever is
 * sent; nobody edits a role holding permissions they lack, nor adds one they lack. Holders see the
 * change on their next request, because every request reads the role afresh.
 */
/** What the role form changes: its version is theirs (a save over someone else's change is refused). */
const editedState = (db: Kysely<Database>, id: string) =>
  db.selectFrom('roles').select(['name', 'description', 'permissions']).where('id', '=', id).executeTakeFirst();

/** The version the role form is opened at. */
export async function roleVersion(id: string): Promise<string> {
  return stateVersion(await editedState(getDb(), id));
}

export async function updateRole(actor: Actor, id: string, input: RoleForm, version?: string): Promise<Result> {
  const refused = refuseWithout(actor, 'manage_roles');
  if (refused) return refused;
  return writeTransaction(async (trx) => {
    const stale = await refuseStale(trx, `role:${id}`, version, (db) => editedState(db, id), changedByOthers('This role was'));
    if (stale) return stale;
    const row = await trx.selectFrom('roles').select(['id', 'name', 'permissions']).where('id', '=', id).executeTakeFirst();
    if (!row) return notFound('This role no longer exists.');
    const before = parseJson<string[]>(row.permissions, []);
    const permissions = id === ADMINISTRATOR_ROLE_ID ? [...PERMISSIONS] : normalise(input.permissions);
    if (!holdsAll(actor, before) || !holdsAll(actor, permissions)) return forbidden(GRANT_REFUSED);
    await trx
      .updateTable('roles')
      .set({ name: input.name, description: input.description, permissions: JSON.stringify(permissions), updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    const added = permissions.filter((p) => !before.includes(p));
    const removed = before.filter((p) => !permissions.includes(p));
    await recordAudit(trx, {
      actor,
      action: 'role.updated',
      target: { type: 'role', id, label: input.name },
      details: { added, removed, name: row.name === input.name ? undefined : { from: row.name, to: input.name } },
    });
    return { ok: true as const };
  });
}

/**
 * Deletes a role. A role still held is deleted only with `moveTo`, another role its holders move to
 * first (which the actor must be allowed to grant). The administrator role is never deleted.
 */
export async function deleteRole(actor: Actor, id: string, moveTo?: string | null): Promise<Result<{ moved: number }>> {
  const refused = refuseWithout(actor, 'manage_roles');
  if (refused) return refused;
  if (id === ADMINISTRATOR_ROLE_ID) return forbidden('The administrator role cannot be deleted.');
  return writeTransaction(async (trx) => {
    const row = await trx.selectFrom('roles').select(['id', 'name', 'permissions']).where('id', '=', id).executeTakeFirst();
    if (!row) return notFound('This role no longer exists.');
    if (!holdsAll(actor, parseJson<string[]>(row.permissions, []))) return forbidden(GRANT_REFUSED);
    const holders = await trx.selectFrom('users').select(['id', 'name', 'email']).where('role_id', '=', id).execute();
    if (holders.length > 0) {
      if (!moveTo)
        return conflict(
          `This role is held by ${holders.length} ${holders.length === 1 ? 'user' : 'users'}. Move them to another role first.`,
        );
      if (moveTo === id) return invalid({ moveTo: 'Choose another role' });
      const target = await trx.selectFrom('roles').select('permissions').where('id', '=', moveTo).executeTakeFirst();
      if (!target) return invalid({ moveTo: 'Choose another role' });
      if (!holdsAll(actor, parseJson<string[]>(target.permissions, [])))
        return forbidden('You can only grant roles whose permissions you hold yourself.');
      await trx.updateTable('users').set({ role_id: moveTo, updated_at: nowIso() }).where('role_id', '=', id).execute();
      for (const holder of holders) {
        await recordAudit(trx, {
          actor,
          action: 'user.updated',
          target: { type: 'user', id: holder.id, label: `${holder.name} <${holder.email}>` },
          details: { role: { from: id, to: moveTo } },
        });
      }
    }
    await trx.deleteFrom('roles').where('id', '=', id).execute();
    await recordAudit(trx, {
      actor,
      action: 'role.deleted',
      target: { type: 'role', id, label: row.name },
      details: { movedUsers: holders.length, movedTo: moveTo ?? null },
    });
    return { ok: true as const, moved: holders.length };
  });
}
