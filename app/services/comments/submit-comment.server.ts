import { getDb } from '#app/db/client.server.ts';
import { getEnv } from '#app/env.server.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import type { CommentFormInput, CommentStatus } from '#app/schemas/comment.ts';
import { isUniqueViolation } from '#app/services/content/unique-violation.server.ts';
import { enqueueJob } from '#app/services/jobs/job-store.server.ts';
import { storedResult, storeOnce, submissionKey } from '#app/services/public-forms/idempotency.server.ts';
import { admitSubmission, type PublicFormLimits } from '#app/services/public-forms/submission-limits.server.ts';
import { publicWrite } from '#app/services/public-write.server.ts';

import { MODERATOR_MAIL_JOB, tellModerators } from './comment-alerts.server.ts';
import { addressHash, blocklistMatch, bodyKey, closedByAge, countLinks, MAX_LINKS_BEFORE_MODERATION } from './comment-rules.ts';
import { getCommentSettings } from './comment-settings.server.ts';

/** The form the signed timestamp and the idempotency receipts belong to. */
export const COMMENT_FORM = 'comment-form';

const MINUTE = 60 * 1000;
/**
 * What looks like a person: at most 5 comments per address (IPv6: per /64) in 10 minutes and 30 a minute site-wide;
 * what the bot check caught is counted apart, with higher bounds (as the contact form).
 */
export const COMMENT_RATE_LIMITS: PublicFormLimits = {
  person: { perAddress: { limit: 5, windowMs: 10 * MINUTE }, global: { limit: 30, windowMs: MINUTE } },
  caught: { perAddress: { limit: 50, windowMs: 10 * MINUTE }, global: { limit: 120, windowMs: MINUTE } },
};

export interface CommentSubmission extends CommentFormInput {
  postId: string;
  ip: string;
  /** Why the bot check (honeypot, signed fill time) caught it, or empty. */
  spamReason?: string;
  /** The form render's idempotency token. */
  submissionToken?: string;
}

export type CommentSubmitResult =
  | { ok: true; id: string; status: CommentStatus; replay: boolean }
  | { ok: false; reason: 'rate-limited'; retryAfterSeconds: number }
  /** The post is gone, unpublished, has comments off or closed by age. */
  | { ok: false; reason: 'closed' }
  /** The comment replied to is not an approved comment of this post. */
  | { ok: false; reason: 'no-parent' }
  | { ok: false; reason: 'duplicate' };

/** Whether the post takes comments now: published, comments not turned off, not closed by age. */
export async function commentsOpen(postId: string, now = Date.now()): Promise<boolean> {
  const post = await getDb()
    .selectFrom('blog_posts')
    .select(['status', 'comments_off', 'publish_date', 'created_at'])
    .where('id', '=', postId)
    .executeTakeFirst();
  if (!post || post.status !== 'published' || Number(post.comments_off) === 1) return false;
  const { closeAfterDays } = await getCommentSettings();
  return !closedByAge(post.publish_date ?? post.created_at, closeAfterDays, now);
}

/** The top-level comment a reply hangs under (a reply to a reply joins its thread), or null when there is none to reply to. */
async function threadOf(postId: string, parentId: string): Promise<string | null> {
  const parent = await getDb()
    .selectFrom('comments')
    .select(['id', 'parent_id', 'post_id', 'status'])
    .where('id', '=', parentId)
    .executeTakeFirst();
  if (!parent || parent.post_id !== postId || parent.status !== 'approved') return null;
  return parent.parent_id ?? parent.id;
}

async function statusOf(id: string): Promise<CommentStatus> {
  const row = await getDb().selectFrom('comments').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status ?? 'pending';
}

/**
 * Stores a visitor's comment. In order: a resend of the same form render with the same words is answered as the
 * first (idempotency receipt); a post that does not take comments refuses it; the address and the site are counted
 * (atomic rate limits, IPv6 by /64, what the bot check caught apart); then its status is decided: spam when the bot
 * check caught it or it matches the blocklist, pending when it holds more than two links, approved when auto-approval
 * is on and the same e-mail already has an approved comment, else pending. The same comment twice on one post is
 * refused by the database (unique body key). An approved comment shows at once (the cached pages are dropped); a
 * pending one leaves them cached and tells the moderators.
 */
export async function submitComment(input: CommentSubmission, now = Date.now()): Promise<CommentSubmitResult> {
  const { postId, name, email, website, body, parentId } = input;
  const key = submissionKey(COMMENT_FORM, input.submissionToken ?? '', { postId, name, email, website, body, parentId: parentId ?? '' });
  const earlier = await storedResult(COMMENT_FORM, key);
  if (earlier) return { ok: true, id: earlier, status: await statusOf(earlier), replay: true };
  if (!(await commentsOpen(postId, now))) return { ok: false, reason: 'closed' };
  const thread = parentId ? await threadOf(postId, parentId) : null;
  if (parentId && !thread) return { ok: false, reason: 'no-parent' };

  const caught = !!input.spamReason;
  const admission = await admitSubmission({ form: COMMENT_FORM, address: input.ip, caught, limits: COMMENT_RATE_LIMITS });
  if (!admission.allowed) return { ok: false, reason: 'rate-limited', retryAfterSeconds: admission.retryAfterSeconds };

  const settings = await getCommentSettings();
  const blocked = blocklistMatch(settings.blocklist, { name, email, website, body, ip: input.ip });
  let status: CommentStatus = 'pending';
  let reason = '';
  if (caught) [status, reason] = ['spam', input.spamReason!];
  else if (blocked) [status, reason] = ['spam', `Matches the blocklist entry “${blocked}”.`];
  else if (countLinks(body) > MAX_LINKS_BEFORE_MODERATION) reason = `Holds ${countLinks(body)} links.`;
  else if (settings.autoApproveKnown && (await hasApprovedComment(email))) status = 'approved';

  const at = nowIso();
  try {
    const saved = await storeOnce(
      { form: COMMENT_FORM, key },
      async (trx) => {
        const id = newId();
        await trx
          .insertInto('comments')
          .values({
            id,
            post_id: postId,
            parent_id: thread,
            author_name: name,
            author_email: email,
            author_url: website,
            body,
            status,
            trashed_from: null,
            spam_reason: reason,
            staff_user_id: null,
            ip: input.ip,
            ip_hash: addressHash(input.ip, getEnv().SESSION_SECRET),
            body_key: bodyKey(email, body),
            created_at: at,
            updated_at: at,
          })
          .execute();
        // The moderators' e-mail is queued with the comment (one transaction): a crash after the answer loses no mail.
        if (status === 'pending' && settings.emailModerators) await enqueueJob(MODERATOR_MAIL_JOB, { commentId: id }, new Date(), trx);
        return id;
      },
      // Only an approved comment changes what visitors see: a pending one leaves every cached page as it is.
      status === 'approved' ? publicWrite : undefined,
    );
    if (saved.replay) return { ok: true, id: saved.id, status: await statusOf(saved.id), replay: true };
    if (status === 'pending') await tellModerators(saved.id);
    return { ok: true, id: saved.id, status, replay: false };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'duplicate' };
    throw error;
  }
}

async function hasApprovedComment(email: string): Promise<boolean> {
  const row = await getDb()
    .selectFrom('comments')
    .select('id')
    .where('author_email', '=', email)
    .where('status', '=', 'approved')
    .where('staff_user_id', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
