import { Form } from 'react-router';

import { inputClass, primaryButton, secondaryButton } from '#app/components/ui/buttons.ts';
import { useDatePrefs } from '#app/components/use-date-prefs.ts';
import { formatDate } from '#app/lib/format-date.ts';
import { relativeTime } from '#app/lib/relative-time.ts';
import { COMMENT_LIMITS } from '#app/schemas/comment.ts';
import type { AdminComment } from '#app/services/comments/comment-queries.server.ts';

import { ACTION_LABELS, ACTIONS_BY_STATUS } from './comment-actions.ts';

const small = `${secondaryButton} px-3 py-1.5`;

/**
 * One comment for moderation: its words, author, e-mail, address hash, article and date; the actions of its tab
 * (each a POST that works before scripts load, Delete permanently after a confirmation); Reply as staff and Edit
 * open in place.
 */
export function CommentRow(props: {
  comment: AdminComment;
  now: number;
  selected: boolean;
  onToggle: () => void;
  onDelete: () => void;
  formId: string;
  busy: boolean;
}) {
  const { comment } = props;
  const datePrefs = useDatePrefs();
  return (
    <li className="flex gap-3 px-4 py-4" data-comment-id={comment.id}>
      <input
        type="checkbox"
        name="ids"
        value={comment.id}
        form={props.formId}
        checked={props.selected}
        onChange={props.onToggle}
        aria-label={`Select the comment by ${comment.authorName}`}
        className="mt-1 size-4 shrink-0"
      />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
          <span className="font-semibold text-gray-900">{comment.authorName}</span>
          {comment.staff ? <span className="rounded bg-blue-100 px-1.5 py-0.5 text-xs font-semibold text-blue-800">Staff</span> : null}
          <span className="break-all text-gray-700">{comment.authorEmail}</span>
          {comment.addressHash ? (
            <span className="font-mono text-xs text-gray-600" title="Keyed hash of the sender's address (IPv6 by /64)">
              Address {comment.addressHash}
            </span>
          ) : null}
        </div>
        <p className="text-sm break-words whitespace-pre-line text-gray-900">{comment.body}</p>
        <p className="text-xs text-gray-600">
          On{' '}
          <a href={`/blog/${comment.postSlug}#comment-${comment.id}`} className="font-medium text-blue-800 hover:underline">
            {comment.postTitle}
          </a>
          {comment.inReplyTo ? ` · in reply to ${comment.inReplyTo}` : ''} ·{' '}
          <time dateTime={comment.createdAt} title={formatDate(comment.createdAt, 'en', datePrefs, { time: true })}>
            {relativeTime(comment.createdAt, props.now)}
          </time>
          {comment.authorUrl ? ` · ${comment.authorUrl}` : ''}
        </p>
        {comment.spamReason ? <p className="text-xs text-amber-800">Held because: {comment.spamReason}</p> : null}
        <Form method="post" className="flex flex-wrap gap-2" aria-label={`Actions on the comment by ${comment.authorName}`}>
          <input type="hidden" name="ids" value={comment.id} />
          {ACTIONS_BY_STATUS[comment.status].map((action) =>
            action === 'delete' ? (
              <button key={action} type="button" className={`${small} text-red-700`} onClick={props.onDelete} disabled={props.busy}>
                {ACTION_LABELS[action]}
              </button>
            ) : (
              <button key={action} type="submit" name="intent" value={action} className={small} disabled={props.busy}>
                {ACTION_LABELS[action]}
              </button>
            ),
          )}
        </Form>
        {comment.status === 'pending' || comment.status === 'approved' ? (
          <div className="flex flex-wrap gap-4">
            <details className="group">
              <summary className="cursor-pointer text-sm font-medium text-blue-800">Reply as staff</summary>
              <Form method="post" className="mt-2 space-y-2">
                <input type="hidden" name="id" value={comment.id} />
                <label htmlFor={`reply-${comment.id}`} className="sr-only">
                  Your reply to {comment.authorName}
                </label>
                <textarea id={`reply-${comment.id}`} name="body" rows={3} required maxLength={COMMENT_LIMITS.body} className={inputClass} />
                <button type="submit" name="intent" value="reply" className={primaryButton} disabled={props.busy}>
                  Publish reply
                </button>
              </Form>
            </details>
            <details className="group">
              <summary className="cursor-pointer text-sm font-medium text-blue-800">Edit</summary>
              <CommentEditForm comment={comment} busy={props.busy} />
            </details>
          </div>
        ) : null}
      </div>
    </li>
  );
}

function CommentEditForm({ comment, busy }: { comment: AdminComment; busy: boolean }) {
  const id = (field: string) => `edit-${field}-${comment.id}`;
  return (
    <Form method="post" className="mt-2 space-y-2">
      <input type="hidden" name="id" value={comment.id} />
      <div className="grid gap-2 sm:grid-cols-2">
        <EditInput id={id('name')} name="name" label="Name" defaultValue={comment.authorName} required />
        <EditInput id={id('website')} name="website" label="Website" defaultValue={comment.authorUrl} />
      </div>
      <label htmlFor={id('body')} className="block text-xs font-medium text-gray-800">
        Comment
      </label>
      <textarea
        id={id('body')}
        name="body"
        rows={4}
        required
        maxLength={COMMENT_LIMITS.body}
        defaultValue={comment.body}
        className={inputClass}
      />
      <button type="submit" name="intent" value="edit" className={primaryButton} disabled={busy}>
        Save comment
      </button>
    </Form>
  );
}

/** A one-line field of the edit form, its label above it and the public form's length limit. */
function EditInput(props: { id: string; name: 'name' | 'website'; label: string; defaultValue: string; required?: boolean }) {
  return (
    <div>
      <label htmlFor={props.id} className="block text-xs font-medium text-gray-800">
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.name}
        defaultValue={props.defaultValue}
        required={props.required}
        maxLength={COMMENT_LIMITS[props.name]}
        className={inputClass}
      />
    </div>
  );
}
