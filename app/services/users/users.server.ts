import type { Kysely } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { containsText } from '#app/db/text-search.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import type { Paginated } from '#app/lib/paginated.ts';
import type { Actor } from '#app/lib/permissions.ts';
import type { UserForm, UserListQuery, UserStatus } from '#app/schemas/user.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import type { UserWithRoleRow } from '#app/services/auth/session-user-query.server.ts';
import { COUNT_CAP, FILTERED_COUNT_CAP, listScreen } from '#app/services/content/pagination.server.ts';
import { isUniqueViolation } from '#app/services/content/unique-violation.server.ts';
import { forbidden, invalid, notFound, refuseWithout, type Result } from '#app/services/failures.ts';
import { changedByOthers, refuseStale, stateVersion } from '#app/services/versions/state-version.server.ts';

import { holdsAll } from './actor.ts';
import { issueInvitation } from './invitations.server.ts';
import { checkUserChange, colleague, rolePermissions } from './user-guards.server.ts';

export interface UserListItem extends UserWithRoleRow {
  status: UserStatus;
  last_login_at: string | null;
  created_at: string;
  /** An unexpired invitation link exists (pending users). */
  invited_until: string | null;
}

export const DUPLICATE_EMAIL_MESSAGE = 'A user with this email address already exists';

/** One screen of the Users tab: name or email contains `q` (ignoring case), with the status filter, newest first. */
export async function listUsers(query: UserListQuery): Promise<Paginated<UserListItem>> {
  const db = getDb();
  let base = db.selectFrom('users');
  if (query.status) base = base.where('users.status', '=', query.status);
  if (query.q) {
    const term = query.q.toLowerCase();
    base = base.where((eb) => eb.or([containsText('users.name', term), containsText('users.email', term)]));
  }
  const itemsQuery = base
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .leftJoin('user_invitations', (join) =>
      join.onRef('user_invitations.user_id', '=', 'users.id').on('user_invitations.expires_at', '>', nowIso()),
    )
    .select([
      'users.id',
      'users.email',
      'users.name',
      'users.avatar',
      'users.role_id',
      'roles.name as role_name',
      'users.status',
      'users.last_login_at',
      'users.created_at',
      'user_invitations.expires_at as invited_until',
    ])
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc');
  return listScreen<'users', UserListItem>({
    countQuery: base,
    itemsQuery,
    page: query.page,
    cap: query.q || query.status ? FILTERED_COUNT_CAP : COUNT_CAP,
  });
}

export async function getUser(id: string) {
  return getDb()
    .selectFrom('users')
    .select(['id', 'email', 'name', 'avatar', 'role_id', 'status', 'last_login_at', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

async function checkRole(db: Kysely<Database>, actor: Actor, roleId: string): Promise<Result> {
  const permissions = await rolePermissions(db, roleId);
  if (!permissions) return invalid({ role: 'Role is required' });
  if (!holdsAll(actor, permissions)) return forbidden('You can only grant roles whose permissions you hold yourself.');
  return { ok: true };
}

async function emailTaken(db: Kysely<Database>, email: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

/**
 * Adds a user as pending with a fresh invitation: nobody types a password for someone else. The
 * link's token is returned once (for the admin to copy or the mail to carry) and only its hash kept.
 */
export async function createInvitedUser(actor: Actor, form: UserForm): Promise<Result<{ id: string; token: string; expiresAt: string }>> {
  const refused = refuseWithout(actor, 'manage_users');
  if (refused) return refused;
  const input = { ...form, email: form.email.trim().toLowerCase() };
  try {
    return await writeTransaction(async (trx) => {
      const roleCheck = await checkRole(trx, actor, input.role);
      if (!roleCheck.ok) return roleCheck;
      if (await emailTaken(trx, input.email)) return invalid({ email: DUPLICATE_EMAIL_MESSAGE });
      const id = newId();
      const now = nowIso();
      await trx
        .insertInto('users')
        .values({
          id,
          email: input.email,
          name: input.name,
          password_hash: null,
          role_id: input.role,
          status: 'pending',
          avatar: input.avatar || null,
          last_login_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const invitation = await issueInvitation(trx, id, actor.id);
      const target = { type: 'user', id, label: `${input.name} <${input.email}>` };
      await recordAudit(trx, { actor, action: 'user.created', target, details: { role: input.role, status: 'pending' } });
      await recordAudit(trx, { actor, action: 'user.invited', target, details: { expiresAt: invitation.expiresAt } });
      return { ok: true as const, id, ...invitation };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return invalid({ email: DUPLICATE_EMAIL_MESSAGE });
    throw error;
  }
}

/**
 * Saves the edit form. Status and role pass the guards; a user who stops being active loses every
 * session at once. A pending user cannot be made active here: they become active by accepting.
 */
/** What the edit form changes of a user: its version is theirs (a save over someone else's change is refused). */
const editedState = (db: Kysely<Database>, id: string) =>
  db.selectFrom('users').select(['email', 'name', 'role_id', 'status', 'avatar']).where('id', '=', id).executeTakeFirst();

/** The version the user edit form is opened at. */
export async function userVersion(id: string): Promise<string> {
  return stateVersion(await editedState(getDb(), id));
}

export async function updateUser(actor: Actor, id: string, form: UserForm, version?: string): Promise<Result> {
  const refused = refuseWithout(actor, 'manage_users');
  if (refused) return refused;
  const input = { ...form, email: form.email.trim().toLowerCase() };
  try {
    return await writeTransaction(async (trx) => {
      const stale = await refuseStale(trx, `user:${id}`, version, (db) => editedState(db, id), changedByOthers('This user was'));
      if (stale) return stale;
      const target = await colleague(trx, id);
      if (!target) return notFound('This user no longer exists.');
      const status = input.status ?? target.status;
      if (status === 'active' && target.status === 'pending') {
        return invalid({ status: 'A pending user becomes active by accepting their invitation.' });
      }
      if (status === 'pending' && target.status !== 'pending')
        return invalid({ status: 'Only an invited user who has not accepted yet is pending.' });
      if (input.role !== target.role_id && !(await rolePermissions(trx, input.role))) return invalid({ role: 'Role is required' });
      const refused = await checkUserChange(trx, actor, target, { roleId: input.role, status });
      if (refused) return refused;
      if (await emailTaken(trx, input.email, id)) return invalid({ email: DUPLICATE_EMAIL_MESSAGE });
      await trx
        .updateTable('users')
        .set({ email: input.email, name: input.name, role_id: input.role, status, avatar: input.avatar || null, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      if (status !== 'active') await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
      const changes: Record<string, unknown> = {};
      if (target.email !== input.email) changes.email = { from: target.email, to: input.email };
      if (target.name !== input.name) changes.name = { from: target.name, to: input.name };
      if (target.role_id !== input.role) changes.role = { from: target.role_id, to: input.role };
      if (target.status !== status) changes.status = { from: target.status, to: status };
      await recordAudit(trx, {
        actor,
        action: 'user.updated',
        target: { type: 'user', id, label: `${input.name} <${input.email}>` },
        details: changes,
      });
      return { ok: true as const };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return invalid({ email: DUPLICATE_EMAIL_MESSAGE });
    throw error;
  }
}

/** Deletes a user (their sessions and invitation go with them; their posts keep the author's name). */
export async function deleteUser(actor: Actor, id: string): Promise<Result> {
  const refused = refuseWithout(actor, 'manage_users');
  if (refused) return refused;
  return writeTransaction(async (trx) => {
    const target = await colleague(trx, id);
    if (!target) return notFound('This user no longer exists.');
    const refused = await checkUserChange(trx, actor, target, { delete: true });
    if (refused) return refused;
    await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    await trx.deleteFrom('user_invitations').where('user_id', '=', id).execute();
    await trx.deleteFrom('users').where('id', '=', id).execute();
    await recordAudit(trx, {
      actor,
      action: 'user.deleted',
      target: { type: 'user', id, label: `${target.name} <${target.email}>` },
      details: { role: target.role_id },
    });
    return { ok: true as const };
  });
}
