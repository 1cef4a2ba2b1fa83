import { getEnv } from '#app/env.server.ts';
import { signedFormToken } from '#app/services/public-forms/form-token.server.ts';
import { newSubmissionToken } from '#app/services/public-forms/idempotency.server.ts';

import { listApprovedComments, type PublicComment } from './comment-queries.server.ts';
import { COMMENT_FORM, commentsOpen } from './submit-comment.server.ts';

export interface ArticleComments {
  list: PublicComment[];
  /** Approved comments and replies: the article header's count. */
  count: number;
  /** Whether the form is shown (published, comments not off, not closed by age). */
  open: boolean;
  commentFormToken: string;
  commentSubmissionToken: string;
  /** The comment a no-JavaScript Reply link chose (`?replyto=`), when it is an approved top-level comment. */
  replyTo: { id: string; name: string } | null;
  /** How long the sender's address is kept (the consent text says it). */
  retentionDays: number;
  /** When the page was rendered: the relative dates are counted from it (the page's script refreshes them). */
  now: number;
}

/** What an article shows of its comments, and its form's signed tokens (drawn per render, shared while cached). */
export async function articleComments(postId: string, replyToId: string | null): Promise<ArticleComments> {
  const [list, open] = await Promise.all([listApprovedComments(postId), commentsOpen(postId)]);
  const chosen = replyToId ? list.find((comment) => comment.id === replyToId) : undefined;
  return {
    list,
    count: list.reduce((sum, comment) => sum + 1 + comment.replies.length, 0),
    open,
    commentFormToken: signedFormToken(COMMENT_FORM),
    commentSubmissionToken: newSubmissionToken(),
    replyTo: chosen ? { id: chosen.id, name: chosen.authorName } : null,
    retentionDays: getEnv().CONTACT_IP_RETENTION_DAYS,
    now: Date.now(),
  };
}
