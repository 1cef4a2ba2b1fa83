import { createHash, randomBytes } from 'node:crypto';

import type { Kysely } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import { nowIso } from '#app/lib/ids.ts';
import { passwordWeakness } from '#app/lib/password-strength.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { INVALID_INVITATION_MESSAGE } from '#app/schemas/user.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import { hashPassword } from '#app/services/auth/password.server.ts';
import { invalid, notFound, refuseWithout, type Result } from '#app/services/failures.ts';

import { checkUserChange, colleague } from './user-guards.server.ts';

/** An invitation link works for 7 days, once. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Gives a pending user a new invitation (any earlier link stops working). Only the token's hash is
 * stored, so the token is returned to be shown or mailed now and cannot be read back later.
 */
export async function issueInvitation(db: Kysely<Database>, userId: string, createdBy: string | null, now = Date.now()) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + INVITATION_TTL_MS).toISOString();
  await db.deleteFrom('user_invitations').where('user_id', '=', userId).execute();
  await db
    .insertInto('user_invitations')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      expires_at: expiresAt,
      created_at: new Date(now).toISOString(),
      created_by: createdBy,
    })
    .execute();
  return { token, expiresAt };
}

async function pendingTarget(db: Kysely<Database>, actor: Actor, userId: string) {
  const target = await colleague(db, userId);
  if (!target) return notFound('This user no longer exists.');
  if (target.status !== 'pending') return invalid({}, ['This user has already accepted their invitation.']);
  const refused = await checkUserChange(db, actor, target, { roleId: target.role_id, status: target.status });
  return refused ?? { ok: true as const, target };
}

/** Re-send (or copy again): a fresh 7-day link for a pending user; the old one stops working. */
export async function renewInvitation(
  actor: Actor,
  userId: string,
): Promise<Result<{ token: string; expiresAt: string; email: string; name: string }>> {
  const refused = refuseWithout(actor, 'manage_users');
  if (refused) return refused;
  return writeTransaction(async (trx) => {
    const found = await pendingTarget(trx, actor, userId);
    if (!found.ok) return found;
    const invitation = await issueInvitation(trx, userId, actor.id);
    const { target } = found;
    await recordAudit(trx, {
      actor,
      action: 'user.invited',
      target: { type: 'user', id: userId, label: `${target.name} <${target.email}>` },
      details: { expiresAt: invitation.expiresAt, renewed: true },
    });
    return { ok: true as const, ...invitation, email: target.email, name: target.name };
  });
}

/** Revoke: the pending user's link stops working; they stay pending until invited again. */
export async function revokeInvitation(actor: Actor, userId: string): Promise<Result> {
  const refused = refuseWithout(actor, 'manage_users');
  if (refused) return refused;
  return writeTransaction(async (trx) => {
    const found = await pendingTarget(trx, actor, userId);
    if (!found.ok) return found;
    const deleted = await trx.deleteFrom('user_invitations').where('user_id', '=', userId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return notFound('This user has no open invitation.');
    const { target } = found;
    await recordAudit(trx, {
      actor,
      action: 'user.updated',
      target: { type: 'user', id: userId, label: `${target.name} <${target.email}>` },
      details: { invitation: 'revoked' },
    });
    return { ok: true as const };
  });
}

/** The invitee behind a link, when the link is still good. */
export async function findInvitation(token: string) {
  if (!token || token.length > 100) return null;
  return getDb()
    .selectFrom('user_invitations')
    .innerJoin('users', 'users.id', 'user_invitations.user_id')
    .select(['users.id', 'users.email', 'users.name', 'user_invitations.expires_at'])
    .where('user_invitations.token_hash', '=', hashToken(token))
    .where('user_invitations.expires_at', '>', nowIso())
    .where('users.status', '=', 'pending')
    .executeTakeFirst();
}

/** The invitee sets their password and becomes active; the link is used up. */
export async function acceptInvitation(token: string, password: string): Promise<Result<{ email: string }>> {
  const invitee = await findInvitation(token);
  if (!invitee) return invalid({}, [INVALID_INVITATION_MESSAGE]);
  const weakness = passwordWeakness(password, [invitee.email, invitee.name]);
  if (weakness) return invalid({ password: weakness });
  const passwordHash = await hashPassword(password);
  return writeTransaction(async (trx) => {
    // Deleting the row is the single use: a second, concurrent acceptance deletes nothing.
    const used = await trx
      .deleteFrom('user_invitations')
      .where('token_hash', '=', hashToken(token))
      .where('expires_at', '>', nowIso())
      .executeTakeFirst();
    if (Number(used.numDeletedRows) === 0) return invalid({}, [INVALID_INVITATION_MESSAGE]);
    const now = nowIso();
    const updated = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, status: 'active', updated_at: now })
      .where('id', '=', invitee.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return invalid({}, [INVALID_INVITATION_MESSAGE]);
    await recordAudit(trx, {
      actor: { id: invitee.id, name: invitee.name },
      action: 'user.updated',
      target: { type: 'user', id: invitee.id, label: `${invitee.name} <${invitee.email}>` },
      details: { invitation: 'accepted', status: { from: 'pending', to: 'active' } },
    });
    return { ok: true as const, email: invitee.email };
  });
}
