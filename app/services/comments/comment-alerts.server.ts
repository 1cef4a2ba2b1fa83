import { getDb } from '#app/db/client.server.ts';
import { getEnv } from '#app/env.server.ts';
import { commentLink } from '#app/lib/comment-links.ts';
import { parseJson } from '#app/lib/json.ts';
import { sendMail } from '#app/services/mail/send-mail.server.ts';
import { notify } from '#app/services/notifications/notifications.server.ts';

/**
 * A comment waiting for approval: everyone holding `manage_comments` gets the notification "New comment awaiting
 * approval on …" (with Approve and Reject), and, when Settings → Comments asks for it and mail is configured, an
 * e-mail through the site's mail settings (sent in the background: the visitor's answer never waits for the mail
 * server; a failed send is logged, the notification stays).
 */
export async function tellModerators(commentId: string, byEmail: boolean): Promise<void> {
  const row = await getDb()
    .selectFrom('comments')
    .innerJoin('blog_posts', 'blog_posts.id', 'comments.post_id')
    .select(['blog_posts.title', 'comments.author_name', 'comments.body'])
    .where('comments.id', '=', commentId)
    .executeTakeFirst();
  if (!row) return;
  await notify({
    kind: 'comment',
    message: `New comment awaiting approval on “${row.title}”`,
    link: commentLink(commentId),
    permission: 'manage_comments',
  }).catch((error: unknown) => console.error('Could not record the comment notification:', error));
  if (byEmail) void mailModerators({ title: row.title, author: row.author_name, body: row.body, commentId });
}

async function mailModerators(comment: { title: string; author: string; body: string; commentId: string }): Promise<void> {
  try {
    const users = await getDb()
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select(['users.email', 'roles.permissions'])
      .where('users.status', '=', 'active')
      .execute();
    const moderators = users.filter((user) => parseJson<string[]>(user.permissions, []).includes('manage_comments'));
    const link = `${getEnv().SITE_URL ?? ''}${commentLink(comment.commentId)}`;
    for (const moderator of moderators) {
      const result = await sendMail({
        to: moderator.email,
        subject: `New comment awaiting approval on “${comment.title}”`,
        text: `${comment.author} wrote:\n\n${comment.body}\n\nApprove or reject it: ${link}\n`,
      });
      if (!result.sent && result.reason === 'failed') console.error('Could not mail a moderator about a comment:', result.message);
    }
  } catch (error) {
    console.error('Could not mail the moderators about a comment:', error);
  }
}
