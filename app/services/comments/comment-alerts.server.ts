import { getDb } from '#app/db/client.server.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import { getEnv } from '#app/env.server.ts';
import { commentLink } from '#app/lib/comment-links.ts';
import { parseJson } from '#app/lib/json.ts';
import { enqueueJob } from '#app/services/jobs/job-store.server.ts';
import { sendMail } from '#app/services/mail/send-mail.server.ts';
import { notify } from '#app/services/notifications/notifications.server.ts';

/**
 * A comment waiting for approval: everyone holding `manage_comments` gets the notification "New comment awaiting
 * approval on …" (with Approve and Reject). The e-mail Settings → Comments may ask for is a job queued with the
 * comment (`MODERATOR_MAIL_JOB`), so the visitor's answer never waits for the mail server.
 */
export async function tellModerators(commentId: string): Promise<void> {
  const row = await getDb()
    .selectFrom('comments')
    .innerJoin('blog_posts', 'blog_posts.id', 'comments.post_id')
    .select(['blog_posts.title'])
    .where('comments.id', '=', commentId)
    .executeTakeFirst();
  if (!row) return;
  await notify({
    kind: 'comment',
    message: `New comment awaiting approval on “${row.title}”`,
    link: commentLink(commentId),
    permission: 'manage_comments',
  }).catch((error: unknown) => console.error('Could not record the comment notification:', error));
}

/** The job queued with a pending comment when moderators are e-mailed: it queues one mail per moderator. */
export const MODERATOR_MAIL_JOB = 'comment-moderator-mail';
/** One moderator's mail: retried with backoff on a failed send (decision 028), so no moderator gets it twice. */
export const MODERATOR_MAIL_TO_JOB = 'comment-moderator-mail-to';

const commentIdOf = (payload: unknown) => String((payload as { commentId?: unknown } | null)?.commentId ?? '');

/** MODERATOR_MAIL_JOB: the active moderators now, each with their own job (in one transaction). */
export async function queueModeratorMails(payload: unknown): Promise<number> {
  const commentId = commentIdOf(payload);
  const users = await getDb()
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['users.email', 'roles.permissions'])
    .where('users.status', '=', 'active')
    .execute();
  const moderators = users.filter((user) => parseJson<string[]>(user.permissions, []).includes('manage_comments'));
  await writeTransaction(async (trx) => {
    for (const moderator of moderators) await enqueueJob(MODERATOR_MAIL_TO_JOB, { commentId, to: moderator.email }, new Date(), trx);
  });
  return moderators.length;
}

/** MODERATOR_MAIL_TO_JOB: mails one moderator; a failed send throws, so the job runner retries it later. */
export async function mailModerator(payload: unknown): Promise<boolean> {
  const to = String((payload as { to?: unknown } | null)?.to ?? '');
  const commentId = commentIdOf(payload);
  const comment = await getDb()
    .selectFrom('comments')
    .innerJoin('blog_posts', 'blog_posts.id', 'comments.post_id')
    .select(['blog_posts.title', 'comments.author_name', 'comments.body', 'comments.status'])
    .where('comments.id', '=', commentId)
    .executeTakeFirst();
  // Moderated (or deleted) before the mail went: nothing left to ask.
  if (!comment || comment.status !== 'pending' || !to) return false;
  const link = `${getEnv().SITE_URL ?? ''}${commentLink(commentId)}`;
  const result = await sendMail({
    to,
    subject: `New comment awaiting approval on “${comment.title}”`,
    text: `${comment.author_name} wrote:\n\n${comment.body}\n\nApprove or reject it: ${link}\n`,
  });
  if (!result.sent && result.reason === 'failed') throw new Error(`Could not mail ${to} about a comment: ${result.message}`);
  return result.sent;
}
