import { data } from 'react-router';

import { throwFailure } from '#app/http/failure.server.ts';
import { readForm } from '#app/http/form.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import type { Actor } from '#app/lib/permissions.ts';
import {
  type CommentAction,
  commentActionSchema,
  commentEditSchema,
  commenterEmailSchema,
  staffReplySchema,
} from '#app/schemas/comment.ts';
import { eraseCommentsByEmail } from '#app/services/comments/comment-privacy.server.ts';
import { editComment, moderateComments, replyAsStaff } from '#app/services/comments/moderate-comments.server.ts';
import type { Result } from '#app/services/failures.ts';

const DONE: Record<CommentAction, string> = {
  approve: 'approved',
  unapprove: 'unapproved',
  spam: 'marked as spam',
  trash: 'moved to trash',
  restore: 'restored',
  delete: 'deleted permanently',
};

/** "Comment approved", "3 comments moved to trash". */
function doneMessage(action: CommentAction, count: number): string {
  return count === 1 ? `Comment ${DONE[action]}` : `${count} comments ${DONE[action]}`;
}

async function answer(back: string, result: Result, success: string): Promise<Response> {
  if (!result.ok && result.reason === 'invalid') {
    const message = Object.values(result.fieldErrors)[0]?.[0] ?? 'Some fields need your attention.';
    return redirectWithToast(back, { type: 'error', message });
  }
  if (!result.ok) throwFailure(result);
  return redirectWithToast(back, { type: 'success', message: success });
}

/**
 * The one action of /admin/comments (and of a notification's Approve and Reject): a moderation action on the ids
 * posted, a staff reply, an edit, or the erasure of a commenter's comments by e-mail. Answers with a redirect to
 * `back` and a toast; bad input is a 400 or an error toast, and changes nothing.
 */
export async function handleCommentAction(request: Request, actor: Actor, here: string): Promise<Response> {
  const form = await readForm(request);
  // A notification's Approve and Reject come back to the screen they were pressed on: an admin path, nothing else.
  const asked = String(form.get('back') ?? '');
  const back = /^\/admin(?:[/?]|$)/.test(asked) && !asked.startsWith('//') && !asked.includes('\\') ? asked : here;
  const intent = String(form.get('intent') ?? '');
  const fields = Object.fromEntries(form);
  if (intent === 'reply') {
    const parsed = staffReplySchema.safeParse(fields);
    if (!parsed.success) return redirectWithToast(back, { type: 'error', message: parsed.error.issues[0]!.message });
    return answer(back, await replyAsStaff(actor, { parentId: parsed.data.id, body: parsed.data.body }), 'Reply published');
  }
  if (intent === 'edit') {
    const parsed = commentEditSchema.safeParse(fields);
    if (!parsed.success) return redirectWithToast(back, { type: 'error', message: parsed.error.issues[0]!.message });
    const { id, ...input } = parsed.data;
    return answer(back, await editComment(actor, id, input), 'Comment saved');
  }
  if (intent === 'erase') {
    const parsed = commenterEmailSchema.safeParse(fields);
    if (!parsed.success) return redirectWithToast(back, { type: 'error', message: parsed.error.issues[0]!.message });
    const result = await eraseCommentsByEmail(actor, parsed.data.email);
    const count = result.ok ? result.count : 0;
    return answer(back, result, count === 1 ? '1 comment erased' : `${count} comments erased`);
  }
  const parsed = commentActionSchema.safeParse({ intent, ids: form.getAll('ids').map(String) });
  if (!parsed.success) throw data({ message: parsed.error.issues[0]?.message ?? 'Unknown action.' }, { status: 400 });
  const result = await moderateComments(actor, parsed.data.intent, parsed.data.ids);
  return answer(back, result, doneMessage(parsed.data.intent, result.ok ? result.count : 0));
}
