import { data } from 'react-router';

import {
  COMMENT_HONEYPOT_FIELD,
  COMMENT_PARENT_FIELD,
  COMMENT_SUBMISSION_FIELD,
  COMMENT_TOKEN_FIELD,
  type CommentActionData,
  type CommentField,
  commentFormSchema,
} from '#app/schemas/comment.ts';
import { COMMENT_FORM, submitComment } from '#app/services/comments/submit-comment.server.ts';
import { botReason } from '#app/services/public-forms/bot-check.server.ts';

import { formText, readForm } from './form.server.ts';

const STATUS = { 'rate-limited': 429, closed: 403, duplicate: 409, 'no-parent': 404 } as const;

/**
 * A visitor's comment on the article `postId`, posted by the form (no JavaScript needed): checked by the shared
 * schema, then by the signed bot check (honeypot, minimum fill time: only what the server signed decides), then
 * stored by `submitComment`. What the bot check caught is answered as any held comment (a bot learns nothing) and
 * filed under Spam. Answered for this visitor alone: the article's cached page is not touched unless it is approved.
 */
export async function answerComment(postId: string, request: Request, ip: string) {
  const form = await readForm(request);
  const values = {
    name: formText(form, 'name').slice(0, 200),
    email: formText(form, 'email').slice(0, 300),
    website: formText(form, 'website').slice(0, 300),
    body: formText(form, 'body').slice(0, 4000),
    parentId: formText(form, COMMENT_PARENT_FIELD).slice(0, 64),
  };
  const token = formText(form, COMMENT_TOKEN_FIELD).slice(0, 64);
  const submission = formText(form, COMMENT_SUBMISSION_FIELD).slice(0, 64);
  const echo = { values, token, submission };
  const parsed = commentFormSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<Record<CommentField, string>> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as CommentField] ??= issue.message;
    return data<CommentActionData>({ status: 'invalid', errors, ...echo }, { status: 400 });
  }
  const spamReason = botReason({ purpose: COMMENT_FORM, honeypot: formText(form, COMMENT_HONEYPOT_FIELD), token });
  const result = await submitComment({ ...parsed.data, postId, ip, spamReason, submissionToken: submission });
  if (!result.ok) {
    const headers: Record<string, string> = result.reason === 'rate-limited' ? { 'Retry-After': String(result.retryAfterSeconds) } : {};
    return data<CommentActionData>({ status: result.reason, ...echo }, { status: STATUS[result.reason], headers });
  }
  const shown = result.status === 'approved' ? 'published' : 'pending';
  return data<CommentActionData>({ status: shown, name: parsed.data.name, body: parsed.data.body });
}
