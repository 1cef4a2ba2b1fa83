import { z } from 'zod';

/** The longest comment a visitor (or staff member) may write. */
export const COMMENT_MAX = 2000;
export const COMMENT_LIMITS = { name: 80, email: 200, website: 200, body: COMMENT_MAX } as const;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** An http(s) address, or empty; a bare host ("example.com") is read as https. */
const websiteField = (message: string) =>
  z.preprocess(
    (value) => {
      const text = trimmed(value);
      return text && !/^[a-z][a-z0-9+.-]*:/i.test(text) ? `https://${text}` : text;
    },
    z
      .string()
      .max(COMMENT_LIMITS.website, message)
      .refine((value) => {
        if (!value) return true;
        try {
          const url = new URL(value);
          return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
        } catch {
          return false;
        }
      }, message),
  );

/**
 * The public comment form (and the admin's staff reply and edit share its body rule). Error messages are
 * translation keys: the public page shows them in the visitor's language.
 */
export const commentFormSchema = z.object({
  name: z.preprocess(trimmed, z.string().min(1, 'comments.errors.name').max(COMMENT_LIMITS.name, 'comments.errors.name')),
  email: z.preprocess(
    (value) => trimmed(value).toLowerCase(),
    z.email('comments.errors.email').max(COMMENT_LIMITS.email, 'comments.errors.email'),
  ),
  website: websiteField('comments.errors.website'),
  body: z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n').trim() : ''),
    z.string().min(1, 'comments.errors.body').max(COMMENT_MAX, 'comments.errors.bodyTooLong'),
  ),
  parentId: z.preprocess((value) => trimmed(value) || null, z.string().max(64).nullable()),
});
export type CommentFormInput = z.infer<typeof commentFormSchema>;
export type CommentField = 'name' | 'email' | 'website' | 'body';

/** The body of a staff reply or an edit in the admin (plain messages: the admin is in English). */
export const staffCommentBody = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n').trim() : ''),
  z.string().min(1, 'Write a comment.').max(COMMENT_MAX, `A comment is at most ${COMMENT_MAX} characters.`),
);

const checkbox = z.preprocess((value) => value === true || value === 'on' || value === 'true', z.boolean()).default(false);

/** Settings → Comments. */
export const commentSettingsSchema = z.object({
  autoApproveKnown: checkbox,
  closeAfterDays: z.coerce
    .number({ message: 'Close after must be a number of days.' })
    .int('Close after must be a whole number of days.')
    .min(0, 'Close after must be 0 (never) or more days.')
    .max(3650, 'Close after must be at most 3650 days.'),
  blocklist: z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : ''),
    z.string().max(20000, 'The blocklist must be at most 20,000 characters.'),
  ),
  emailModerators: checkbox,
});
export type CommentSettings = z.infer<typeof commentSettingsSchema>;

export const DEFAULT_COMMENT_SETTINGS: CommentSettings = {
  autoApproveKnown: true,
  closeAfterDays: 0,
  blocklist: '',
  emailModerators: false,
};

/** The moderation states, in the admin's tab order. */
export const COMMENT_STATUSES = ['pending', 'approved', 'spam', 'trash'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** What a moderator can do to one comment or many. */
export const COMMENT_ACTIONS = ['approve', 'unapprove', 'spam', 'trash', 'restore', 'delete'] as const;
export type CommentAction = (typeof COMMENT_ACTIONS)[number];

/** The comment form's hidden fields: a honeypot, the signed render time, the render's idempotency token, the reply's parent. */
export const COMMENT_HONEYPOT_FIELD = 'url';
export const COMMENT_TOKEN_FIELD = 'formStarted';
export const COMMENT_SUBMISSION_FIELD = 'submission';
export const COMMENT_PARENT_FIELD = 'parentId';

type CommentEcho = { values: Partial<Record<CommentField | 'parentId', string>>; token: string; submission: string };

/**
 * The server's answer to a comment, for this visitor alone (a POST's answer is never cached). A refused comment echoes
 * the form's timestamp and submission token, so correcting a field neither restarts the fill time nor loses a resend.
 */
export type CommentActionData =
  | { status: 'pending' | 'published'; name: string; body: string }
  | ({ status: 'invalid'; errors: Partial<Record<CommentField, string>> } & CommentEcho)
  | ({ status: 'rate-limited' | 'closed' | 'duplicate' | 'no-parent' } & CommentEcho);

const empty = (value: unknown) => (value === '' || value === null ? undefined : value);

/** /admin/comments' filter, read from the query string: the tab, a search, an article, a page, or one comment. */
export const commentFilterSchema = z.object({
  status: z.preprocess(empty, z.enum(COMMENT_STATUSES, { message: 'Unknown tab' }).default('pending')),
  q: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : ''),
    z.string().max(200, 'Search must be at most 200 characters.'),
  ),
  post: z.preprocess((value) => (typeof value === 'string' ? value : ''), z.string().max(64)),
  page: z.preprocess(empty, z.coerce.number().int().min(1).max(100_000).default(1)),
  comment: z.preprocess(empty, z.string().max(64).optional()),
});

/** At most one screen's worth of comments per bulk action. */
export const COMMENT_BULK_MAX = 100;

/** A moderation action on one comment or several (a row's buttons, or the bulk bar). */
export const commentActionSchema = z.object({
  intent: z.enum(COMMENT_ACTIONS, { message: 'Unknown action' }),
  ids: z.preprocess(
    (value) => (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value]),
    z
      .array(z.string().min(1).max(64))
      .min(1, 'Select at least one comment.')
      .max(COMMENT_BULK_MAX, `Select at most ${COMMENT_BULK_MAX} comments.`),
  ),
});

/** A staff reply, and a moderator's edit. */
export const staffReplySchema = z.object({ id: z.string().min(1).max(64), body: staffCommentBody });
export const commentEditSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.preprocess(
    trimmed,
    z.string().min(1, 'Name is required.').max(COMMENT_LIMITS.name, `Name must be at most ${COMMENT_LIMITS.name} characters.`),
  ),
  website: websiteField('Website must be an http(s) address such as https://example.com.'),
  body: staffCommentBody,
});

/** A data-protection request: the commenter's e-mail. */
export const commenterEmailSchema = z.object({
  email: z.preprocess((value) => trimmed(value).toLowerCase(), z.email('Enter the e-mail address the comments were written with.')),
});
