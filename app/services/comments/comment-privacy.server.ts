import { getDb } from '#app/db/client.server.ts';
import { commentLink } from '#app/lib/comment-links.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { recordAudit } from '#app/services/audit/record-audit.server.ts';
import type { Result } from '#app/services/failures.ts';
import { publicWriteAs } from '#app/services/public-write.server.ts';

import { COMMENTS_PERMISSION } from './moderate-comments.server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Everything stored about one commenter, by e-mail (a data-protection access request), oldest first. */
export async function exportCommentsByEmail(email: string) {
  const rows = await getDb()
    .selectFrom('comments as c')
    .innerJoin('blog_posts as p', 'p.id', 'c.post_id')
    .select(['c.id', 'c.created_at', 'c.author_name', 'c.author_email', 'c.author_url', 'c.body', 'c.status', 'c.ip', 'p.title', 'p.slug'])
    .where('c.author_email', '=', email.trim().toLowerCase())
    .where('c.staff_user_id', 'is', null)
    .orderBy('c.created_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    name: row.author_name,
    email: row.author_email,
    website: row.author_url,
    comment: row.body,
    status: row.status,
    address: row.ip,
    article: row.title,
    articlePath: `/blog/${row.slug}`,
  }));
}

/**
 * Erases every comment written with this e-mail (a data-protection erasure request): the comments go, with their
 * names, e-mails, websites and addresses; replies others wrote to them stay, as top-level comments. Audited with the
 * count only (the e-mail itself is what was asked to be forgotten).
 */
export function eraseCommentsByEmail(actor: Actor, email: string): Promise<Result<{ count: number }>> {
  const address = email.trim().toLowerCase();
  return publicWriteAs(actor, COMMENTS_PERMISSION, async (trx) => {
    const ids = (
      await trx.selectFrom('comments').select('id').where('author_email', '=', address).where('staff_user_id', 'is', null).execute()
    ).map((row) => row.id);
    if (ids.length) {
      await trx.updateTable('comments').set({ parent_id: null }).where('parent_id', 'in', ids).execute();
      await trx.deleteFrom('notifications').where('link', 'in', ids.map(commentLink)).execute();
      await trx.deleteFrom('comments').where('id', 'in', ids).execute();
    }
    await recordAudit(trx, {
      actor,
      action: 'comment.erased',
      target: { type: 'comment', label: 'Comments erased by e-mail' },
      details: { count: ids.length },
    });
    return { ok: true, count: ids.length };
  });
}

/**
 * Erases the sender's address and its hash from comments older than `days` (the comment stays); answers how many.
 * The rate limits count in `throttles`, pruned after a day, so nothing needs the address afterwards.
 */
export async function pruneCommentAddresses(days: number, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS).toISOString();
  const result = await getDb()
    .updateTable('comments')
    .set({ ip: '', ip_hash: '' })
    .where('created_at', '<', before)
    .where((eb) => eb.or([eb('ip', '<>', ''), eb('ip_hash', '<>', '')]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
