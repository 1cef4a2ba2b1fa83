import { ArrowLeft, Reply, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Form, useSubmit } from 'react-router';

import { AdminPage, PageLink } from '#app/components/admin/admin-page.tsx';
import { deleteQuestion, FOLDER_ACTIONS } from '#app/components/admin/messages/message-actions.ts';
import { SiteDate } from '#app/components/site-date.tsx';
import { dangerButton, primaryButton, secondaryButton } from '#app/components/ui/buttons.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { failureMessage, throwFailure } from '#app/http/failure.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { replyHref } from '#app/lib/message-toasts.ts';
import { retryMessageNotification } from '#app/services/messages/message-mail.server.ts';
import { openMessage } from '#app/services/messages/messages.server.ts';

import type { Route } from './+types/detail';
import { handleMessageAction } from './message-action.server.ts';

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.message.subject ?? 'Message'} · Messages · Admin` }];

/** One message, read whole; opening it marks it read. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireScreen(request, 'messages');
  const result = await openMessage(params.id);
  if (!result.ok) throwFailure(result);
  return { message: result.message };
}

/** After an action the message has left this view (or must stay unread): back to the folder it was in. */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireScreen(request, 'messages');
  if (new URL(request.url).searchParams.get('retry') === 'mail') {
    const queued = await retryMessageNotification(user, params.id);
    if (!queued.ok && queued.reason === 'rate-limited')
      return redirectWithToast(`/admin/messages/${params.id}`, { type: 'error', message: failureMessage(queued) });
    if (!queued.ok) throwFailure(queued);
    return redirectWithToast(`/admin/messages/${params.id}`, { type: 'success', message: 'Email notification queued again' });
  }
  const folder = new URL(request.url).searchParams.get('from');
  const list = folder === 'archived' || folder === 'spam' ? `/admin/messages?folder=${folder}` : '/admin/messages';
  return handleMessageAction(request, user, () => list);
}

const NOTIFY_TEXT = {
  none: '',
  pending: 'Email notification: waiting to be sent.',
  sent: 'Email notification: sent.',
  failed: 'Email notification: failed.',
} as const;

export default function MessageDetail({ loaderData: { message } }: Route.ComponentProps) {
  const [confirming, setConfirming] = useState(false);
  const submit = useSubmit();
  const actionUrl = `/admin/messages/${message.id}?from=${message.folder}`;
  const back = message.folder === 'inbox' ? '/admin/messages' : `/admin/messages?folder=${message.folder}`;
  return (
    <AdminPage
      title={message.subject}
      subtitle={`From ${message.senderName}`}
      actions={
        <PageLink to={back} icon={ArrowLeft}>
          Back to Messages
        </PageLink>
      }
    >
      <article className="space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-gray-600">From</dt>
          <dd className="break-words text-gray-900">
            {message.senderName} &lt;{message.email}&gt;
          </dd>
          {message.phone ? (
            <>
              <dt className="font-medium text-gray-600">Phone</dt>
              <dd className="text-gray-900">{message.phone}</dd>
            </>
          ) : null}
          <dt className="font-medium text-gray-600">Received</dt>
          <dd className="text-gray-900">
            <SiteDate iso={message.receivedAt} time />
          </dd>
          <dt className="font-medium text-gray-600">Subject</dt>
          <dd className="break-words text-gray-900">{message.subject}</dd>
        </dl>
        {message.spamReason && message.folder === 'spam' ? (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">Filed under Spam: {message.spamReason}</p>
        ) : null}
        {/* Text only: React escapes it, and line breaks are kept by CSS, never turned into markup. */}
        <div
          className="border-t border-gray-200 pt-4 text-sm leading-relaxed break-words whitespace-pre-wrap text-gray-900"
          data-message-body
        >
          {message.body}
        </div>
        {message.notifyState !== 'none' ? (
          <div className="flex flex-wrap items-center gap-3">
            <p
              className={`text-xs ${message.notifyState === 'failed' ? 'text-red-700' : 'text-gray-600'}`}
              data-notify-state={message.notifyState}
            >
              {NOTIFY_TEXT[message.notifyState]}
              {message.notifyState === 'failed' && message.notifyError ? ` ${message.notifyError}` : ''}
              {message.notifyState === 'pending' && message.notifyError
                ? ` The last attempt failed (${message.notifyError}); it is retried.`
                : ''}
            </p>
            {message.notifyState === 'failed' ? (
              <Form method="post" action={`/admin/messages/${message.id}?retry=mail`}>
                <button type="submit" className={`${secondaryButton} px-3 py-1 text-xs`}>
                  Retry email
                </button>
              </Form>
            ) : null}
          </div>
        ) : null}
      </article>
      <div className="flex flex-wrap gap-2">
        <a href={replyHref(message.email, message.subject)} className={primaryButton}>
          <Reply className="size-4" aria-hidden />
          Reply
        </a>
        <Form method="post" action={actionUrl} className="contents">
          <input type="hidden" name="ids" value={message.id} />
          {FOLDER_ACTIONS.filter((item) => item.action !== 'read' && item.shownIn.includes(message.folder)).map((item) => (
            <button key={item.action} type="submit" name="intent" value={item.action} className={secondaryButton}>
              {item.label}
            </button>
          ))}
        </Form>
        <button type="button" className={dangerButton} onClick={() => setConfirming(true)}>
          <Trash2 className="size-4" aria-hidden />
          Delete
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete message"
        message={deleteQuestion(1)}
        confirmLabel="Delete"
        onConfirm={() => {
          setConfirming(false);
          void submit({ intent: 'delete', ids: message.id }, { method: 'post', action: actionUrl });
        }}
        onCancel={() => setConfirming(false)}
      />
    </AdminPage>
  );
}
