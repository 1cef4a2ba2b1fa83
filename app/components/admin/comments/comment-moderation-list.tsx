import { useState } from 'react';
import { Form, useNavigation, useSubmit } from 'react-router';

import { dangerButton, secondaryButton } from '#app/components/ui/buttons.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import type { CommentStatus } from '#app/schemas/comment.ts';
import type { AdminComment } from '#app/services/comments/comment-queries.server.ts';

import { ACTION_LABELS, ACTIONS_BY_STATUS, deleteQuestion } from './comment-actions.ts';
import { CommentRow } from './comment-row.tsx';

const small = `${secondaryButton} px-3 py-1.5`;

/**
 * One screen of a moderation tab with a checkbox per comment and the tab's bulk actions. The checkboxes belong to one
 * POST form, so every action but Delete permanently (which asks first) also works before scripts load.
 */
export function CommentModerationList(props: { status: CommentStatus; comments: AdminComment[]; now: number; searched: boolean }) {
  const [selected, setSelected] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const submit = useSubmit();
  const busy = useNavigation().state !== 'idle';
  const all = props.comments.length > 0 && selected.length === props.comments.length;
  const formId = 'comment-bulk';
  const remove = () => {
    const data = new FormData();
    data.set('intent', 'delete');
    for (const id of deleting ?? []) data.append('ids', id);
    setDeleting(null);
    void submit(data, { method: 'post' });
  };
  const actions = ACTIONS_BY_STATUS[props.status];

  return (
    <div className="space-y-3">
      <Form method="post" id={formId} className="flex flex-wrap items-center gap-2" aria-label="Selected comments">
        <label className="mr-2 inline-flex items-center gap-2 text-sm text-gray-700">
          <input
            type="checkbox"
            checked={all}
            onChange={() => setSelected(all ? [] : props.comments.map((comment) => comment.id))}
            className="size-4"
            aria-label="Select all comments on this page"
          />
          <span aria-live="polite">{selected.length ? `${selected.length} selected` : 'Select all'}</span>
        </label>
        {actions.map((action) =>
          action === 'delete' ? (
            <button
              key={action}
              type="button"
              className={`${dangerButton} px-3 py-1.5 disabled:cursor-not-allowed disabled:opacity-50`}
              disabled={!selected.length || busy}
              onClick={() => setDeleting(selected)}
            >
              {ACTION_LABELS[action]}
            </button>
          ) : (
            <button key={action} type="submit" name="intent" value={action} className={small} disabled={!selected.length || busy}>
              {ACTION_LABELS[action]}
            </button>
          ),
        )}
      </Form>
      <ul aria-label="Comments" className="divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
        {props.comments.map((comment) => (
          <CommentRow
            key={comment.id}
            comment={comment}
            now={props.now}
            selected={selected.includes(comment.id)}
            onToggle={() =>
              setSelected((current) =>
                current.includes(comment.id) ? current.filter((id) => id !== comment.id) : [...current, comment.id],
              )
            }
            onDelete={() => setDeleting([comment.id])}
            formId={formId}
            busy={busy}
          />
        ))}
        {props.comments.length === 0 ? (
          <li className="px-4 py-8 text-center text-sm text-gray-600">
            {props.searched ? 'No comments match your search.' : 'No comments here.'}
          </li>
        ) : null}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.length === 1 ? 'Delete comment' : 'Delete comments'}
        message={deleteQuestion(deleting?.length ?? 0)}
        confirmLabel="Delete permanently"
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
