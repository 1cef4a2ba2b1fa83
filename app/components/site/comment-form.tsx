import { useActionData } from 'react-router';

import { useTranslation } from '#app/i18n/use-translation.ts';
import {
  COMMENT_HONEYPOT_FIELD,
  COMMENT_LIMITS,
  COMMENT_PARENT_FIELD,
  COMMENT_SUBMISSION_FIELD,
  COMMENT_TOKEN_FIELD,
  type CommentActionData,
  type CommentField,
} from '#app/schemas/comment.ts';

import { useSitePath, useSiteRouteData } from './use-site-path.ts';

export interface CommentFormData {
  commentFormToken: string;
  commentSubmissionToken: string;
  replyTo: { id: string; name: string } | null;
  retentionDays: number;
}

const inputClass =
  'mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-sm text-gray-900 focus:border-site-primary-strong focus:ring-2 focus:ring-site-primary/30 focus:outline-none aria-[invalid=true]:border-red-700';

const REFUSALS = {
  'rate-limited': 'comments.rateLimited',
  closed: 'comments.closed',
  duplicate: 'comments.duplicate',
  'no-parent': 'comments.noParent',
};

/**
 * The comment form as the server renders it: a plain POST to the article that works without JavaScript (Reply is a
 * link that renders the form for that comment). With it, the page's script (app/site/enhance.ts) moves Reply into
 * the form without a page load. The server decides everything.
 */
export function CommentForm({ slug, form }: { slug: string; form: CommentFormData }) {
  const { t } = useTranslation();
  const sitePath = useSitePath();
  const answer = useActionData<CommentActionData>();
  const echo = answer && 'values' in answer ? answer : null;
  const errors = answer?.status === 'invalid' ? answer.errors : {};
  const values = echo?.values ?? {};
  const parentId = values.parentId ?? form.replyTo?.id ?? '';
  const replyName = form.replyTo?.name ?? '';

  const field = (
    name: CommentField,
    label: string,
    options: { type?: string; autoComplete?: string; optional?: boolean; hint?: string },
  ) => {
    const error = errors[name];
    const described = [options.hint ? `comment-${name}-hint` : '', error ? `comment-${name}-error` : ''].filter(Boolean).join(' ');
    return (
      <div>
        <label htmlFor={`comment-${name}`} className="block text-sm font-medium text-site-headings">
          {label}
        </label>
        <input
          id={`comment-${name}`}
          name={name}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          required={!options.optional}
          maxLength={COMMENT_LIMITS[name]}
          defaultValue={values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          className={inputClass}
        />
        {options.hint ? (
          <p id={`comment-${name}-hint`} className="mt-1 text-xs text-site-text">
            {options.hint}
          </p>
        ) : null}
        {error ? (
          <p id={`comment-${name}-error`} className="mt-1 text-sm text-red-700">
            {t(error)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form
      id="comment-form"
      method="post"
      action={sitePath(`/blog/${encodeURIComponent(slug)}#comment-form`)}
      noValidate
      className="mt-8 flex flex-col gap-5"
      data-comment-form=""
      data-sending={t('comments.sending')}
      data-reply-template={t('comments.replyTo', { name: '{name}' })}
    >
      <h3 className="font-site-heading text-xl font-semibold text-site-headings">{t('comments.formTitle')}</h3>
      {answer?.status === 'invalid' ? (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {t('comments.failure')}
        </p>
      ) : null}
      {answer && answer.status in REFUSALS ? (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {t(REFUSALS[answer.status as keyof typeof REFUSALS])}
        </p>
      ) : null}
      <p data-reply-banner="" hidden={!parentId} className="flex flex-wrap items-center gap-3 text-sm text-site-text">
        <span data-reply-label="">{replyName ? t('comments.replyTo', { name: replyName }) : ''}</span>
        <a href="?#comment-form" data-cancel-reply="" className="font-semibold text-site-primary-strong hover:underline">
          {t('comments.cancelReply')}
        </a>
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        {field('name', t('comments.name'), { autoComplete: 'name' })}
        {field('email', t('comments.email'), { type: 'email', autoComplete: 'email', hint: t('comments.emailHint') })}
      </div>
      {field('website', t('comments.website'), { type: 'url', autoComplete: 'url', optional: true })}
      <div>
        <label htmlFor="comment-body" className="block text-sm font-medium text-site-headings">
          {t('comments.body')}
        </label>
        <textarea
          id="comment-body"
          name="body"
          rows={5}
          required
          maxLength={COMMENT_LIMITS.body}
          defaultValue={values.body}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={`comment-body-hint${errors.body ? ' comment-body-error' : ''}`}
          className={inputClass}
        />
        <p id="comment-body-hint" className="mt-1 text-xs text-site-text">
          {t('comments.bodyHint')}
        </p>
        {errors.body ? (
          <p id="comment-body-error" className="mt-1 text-sm text-red-700">
            {t(errors.body)}
          </p>
        ) : null}
      </div>
      {/* Honeypot: invisible to people, tempting to bots; a filled one files the comment under Spam. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="comment-url">{t('comments.honeypot')}</label>
        <input id="comment-url" name={COMMENT_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name={COMMENT_PARENT_FIELD} value={parentId} />
      <input type="hidden" name={COMMENT_TOKEN_FIELD} value={echo?.token || form.commentFormToken} />
      <input type="hidden" name={COMMENT_SUBMISSION_FIELD} value={echo?.submission || form.commentSubmissionToken} />
      <p className="text-xs text-site-text">{t('comments.consent', { days: form.retentionDays })}</p>
      <button
        type="submit"
        className="w-full rounded-md bg-site-primary-strong px-5 py-3 text-sm font-semibold text-site-on-primary shadow-sm hover:opacity-90 disabled:opacity-60 sm:w-auto"
      >
        {t('comments.submit')}
      </button>
    </form>
  );
}

/** What the visitor who just posted sees (and no one else): the moderation notice with their words, or the thanks. */
export function CommentPosted() {
  const { t } = useTranslation();
  const answer = useActionData<CommentActionData>();
  const route = useSiteRouteData('routes/site/blog-post');
  if (!route || !answer || (answer.status !== 'pending' && answer.status !== 'published')) return null;
  return (
    <div role="status" className="mt-6 rounded-md bg-green-50 px-4 py-3 text-sm text-green-900" data-comment-posted="">
      <p className="font-semibold">{t(answer.status === 'pending' ? 'comments.pending' : 'comments.published')}</p>
      {answer.status === 'pending' ? <p className="mt-1 break-words whitespace-pre-line">{answer.body}</p> : null}
    </div>
  );
}
