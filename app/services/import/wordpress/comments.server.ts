import { newId, nowIso } from '#app/lib/ids.ts';
import { ALREADY } from '#app/lib/import-report.ts';
import { bodyKey } from '#app/services/comments/comment-rules.ts';
import { publicWrite } from '#app/services/public-write.server.ts';

import { plainText } from '../wordpress-content.server.ts';
import { type WpComment, wpDate, type WpItem } from '../wxr-items.ts';
import { clip, type ImportRun, ItemFailure } from './run-context.server.ts';

const COMMENT_MAX = 5000;

/** A comment: on posts only; pingbacks and trackbacks are not comments here; a reply to a reply joins its thread. */
export async function importComment(run: ImportRun, comment: WpComment, item: WpItem, postId: string | null): Promise<void> {
  const label = `comment ${comment.id || '?'} by ${comment.author || 'anonymous'} on “${plainText(item.title)}”`;
  await run.attempt('comments', label, async () => {
    if (!/^\d+$/.test(comment.id)) throw new ItemFailure('it has no wp:comment_id');
    if (comment.type === 'pingback' || comment.type === 'trackback') return { skipped: `a ${comment.type}, not a comment` };
    if (item.postType !== 'post') return { skipped: 'comments are on blog posts only here' };
    if (!postId) return { skipped: 'its post was not imported' };
    if (await run.mapped('comment', comment.id)) return { skipped: ALREADY };
    const status =
      comment.approved === '1' ? 'approved' : comment.approved === 'spam' ? 'spam' : comment.approved === 'trash' ? 'trash' : 'pending';
    const body = clip(plainText(comment.content), COMMENT_MAX);
    if (!body) throw new ItemFailure('it is empty');
    const createdAt = wpDate(comment.dateGmt) ?? nowIso();
    let parentId: string | null = null;
    if (comment.parent && comment.parent !== '0') {
      const parent = await run.mapped('comment', comment.parent);
      const parentRow = parent
        ? await run.db.selectFrom('comments').select(['id', 'parent_id']).where('id', '=', parent).executeTakeFirst()
        : undefined;
      if (!parentRow && !run.dryRun) run.note(label, 'the comment it answers was not imported: shown as a comment of its own');
      parentId = parentRow ? (parentRow.parent_id ?? parentRow.id) : null;
      if (parentRow?.parent_id) run.note(label, 'a reply to a reply: shown in its thread');
    }
    const email = comment.email.trim().toLowerCase();
    const staff = comment.userId && comment.userId !== '0' ? run.userByLogin.get(run.authorLogins.get(comment.userId) ?? '') : undefined;
    if (run.dryRun) return 'imported';
    const id = newId();
    await publicWrite(async (trx) => {
      await trx
        .insertInto('comments')
        .values({
          id,
          post_id: postId,
          parent_id: parentId,
          author_name: clip(plainText(comment.author) || 'Anonymous', 100),
          author_email: email,
          author_url: /^https?:\/\//i.test(comment.url) ? clip(comment.url, 300) : '',
          body,
          status,
          trashed_from: status === 'trash' ? 'pending' : null,
          spam_reason: '',
          staff_user_id: staff?.id ?? null,
          ip: '',
          ip_hash: '',
          body_key: `${bodyKey(email, body)}`,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
      await run.remember(trx, 'comment', comment.id, id);
    });
    return 'imported';
  });
}
