import type { Kysely } from 'kysely';

import type { Database } from '#app/db/schema.ts';
import { commentLink } from '#app/lib/comment-links.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import type { Actor } from '#app/lib/permissions.ts';
import type { CommentAction, CommentStatus } from '#app/schemas/comment.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import { invalid, notFound, type Result } from '#app/services/failures.ts';
import { publicWriteAs } from '#app/services/public-write.server.ts';

/** The permission every moderation write needs (held by editors and administrators). */
export const COMMENTS_PERMISSION = 'manage_comments' as const;

type Kept = Exclude<CommentStatus, 'trash'>;
type Row = { id: string; status: CommentStatus; trashed_from: Kept | null; author_name: string; post_id: string };

/** The status an action leaves a comment in, or null when the action does not apply to it (restoring one not trashed). */
function nextStatus(action: Exclude<CommentAction, 'delete'>, row: Row): { status: CommentStatus; trashedFrom: Kept | null } | null {
  switch (action) {
    case 'approve':
      return { status: 'approved', trashedFrom: null };
    case 'unapprove':
      return row.status === 'approved' ? { status: 'pending', trashedFrom: null } : null;
    case 'spam':
      return { status: 'spam', trashedFrom: null };
    case 'trash':
      return row.status === 'trash' ? null : { status: 'trash', trashedFrom: row.status as Kept };
    case 'restore':
      if (row.status === 'trash') return { status: row.trashed_from ?? 'pending', trashedFrom: null };
      // "Not spam": back to moderation.
      return row.status === 'spam' ? { status: 'pending', trashedFrom: null } : null;
  }
}

/** Handled comments leave the moderators' notifications (their Approve and Reject have nothing left to do). */
async function forgetNotifications(trx: Kysely<Database>, ids: string[]): Promise<void> {
  if (ids.length) await trx.deleteFrom('notifications').where('link', 'in', ids.map(commentLink)).execute();
}

/**
 * Applies one moderation action to the given comments in one public write (the article pages are refreshed):
 * approve, unapprove, spam, trash, restore (a trashed comment goes back where it was, a spam one to pending), or
 * delete for good (its replies stay, as top-level comments). Each change is audited. Answers how many changed.
 */
export function moderateComments(actor: Actor, action: CommentAction, ids: readonly string[]): Promise<Result<{ count: number }>> {
  const unique = [...new Set(ids)].slice(0, 500);
  return publicWriteAs(actor, COMMENTS_PERMISSION, async (trx) => {
    if (unique.length === 0) return { ok: true, count: 0 };
    const rows = (await trx
      .selectFrom('comments')
      .select(['id', 'status', 'trashed_from', 'author_name', 'post_id'])
      .where('id', 'in', unique)
      .execute()) as Row[];
    if (rows.length === 0) return notFound(unique.length === 1 ? 'This comment no longer exists.' : 'These comments no longer exist.');
    let count = 0;
    const at = nowIso();
    for (const row of rows) {
      const target = { type: 'comment', id: row.id, label: `Comment by ${row.author_name}` };
      if (action === 'delete') {
        await trx.updateTable('comments').set({ parent_id: null }).where('parent_id', '=', row.id).execute();
        await trx.deleteFrom('comments').where('id', '=', row.id).execute();
        await recordAudit(trx, { actor, action: 'comment.deleted', target, details: { status: row.status } });
        count++;
        continue;
      }
      const next = nextStatus(action, row);
      if (!next || next.status === row.status) continue;
      await trx
        .updateTable('comments')
        .set({ status: next.status, trashed_from: next.trashedFrom, updated_at: at })
        .where('id', '=', row.id)
        .execute();
      await recordAudit(trx, { actor, action: 'comment.moderated', target, details: { action, from: row.status, to: next.status } });
      count++;
    }
    await forgetNotifications(
      trx,
      rows.map((row) => row.id),
    );
    return { ok: true, count };
  });
}

/**
 * A staff member's reply, published at once and marked "Staff": it hangs under the comment's thread (one level), and
 * a pending comment replied to is approved with it (answering it is approving it).
 */
export function replyAsStaff(actor: Actor, input: { parentId: string; body: string }): Promise<Result<{ id: string }>> {
  return publicWriteAs(actor, COMMENTS_PERMISSION, async (trx) => {
    const parent = await trx
      .selectFrom('comments')
      .select(['id', 'parent_id', 'post_id', 'status', 'author_name'])
      .where('id', '=', input.parentId)
      .executeTakeFirst();
    if (!parent) return notFound('This comment no longer exists.');
    if (parent.status === 'spam' || parent.status === 'trash') return invalid({ body: 'Restore this comment before replying to it.' });
    const user = await trx.selectFrom('users').select(['name', 'email']).where('id', '=', actor.id).executeTakeFirst();
    const id = newId();
    const at = nowIso();
    if (parent.status === 'pending') {
      await trx.updateTable('comments').set({ status: 'approved', updated_at: at }).where('id', '=', parent.id).execute();
      await forgetNotifications(trx, [parent.id]);
    }
    await trx
      .insertInto('comments')
      .values({
        id,
        post_id: parent.post_id,
        parent_id: parent.parent_id ?? parent.id,
        author_name: user?.name ?? actor.name ?? 'Staff',
        author_email: (user?.email ?? '').toLowerCase(),
        author_url: '',
        body: input.body,
        status: 'approved',
        trashed_from: null,
        spam_reason: '',
        staff_user_id: actor.id,
        ip: '',
        ip_hash: '',
        // Staff replies are never refused as repeats ("Thank you!" twice is fine).
        body_key: `staff:${id}`,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await recordAudit(trx, {
      actor,
      action: 'comment.replied',
      target: { type: 'comment', id: parent.id, label: `Comment by ${parent.author_name}` },
      details: { reply: id },
    });
    return { ok: true, id };
  });
}

/** Corrects a comment's author name, website and words (a moderator's edit); audited with the fields changed. */
export function editComment(actor: Actor, id: string, input: { name: string; website: string; body: string }): Promise<Result> {
  return publicWriteAs(actor, COMMENTS_PERMISSION, async (trx) => {
    const before = await trx.selectFrom('comments').select(['author_name', 'author_url', 'body']).where('id', '=', id).executeTakeFirst();
    if (!before) return notFound('This comment no longer exists.');
    const fields = [
      before.author_name !== input.name && 'name',
      before.author_url !== input.website && 'website',
      before.body !== input.body && 'body',
    ].filter(Boolean);
    await trx
      .updateTable('comments')
      .set({ author_name: input.name, author_url: input.website, body: input.body, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, {
      actor,
      action: 'comment.edited',
      target: { type: 'comment', id, label: `Comment by ${input.name}` },
      details: { fields },
    });
    return { ok: true };
  });
}
