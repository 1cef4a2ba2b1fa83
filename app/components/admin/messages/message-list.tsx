import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Form, Link, useNavigation, useSubmit } from 'react-router';

import { dangerButton, secondaryButton } from '#app/components/ui/buttons.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { useDatePrefs } from '#app/components/use-date-prefs.ts';
import { formatDate } from '#app/lib/format-date.ts';
import { relativeTime } from '#app/lib/relative-time.ts';
import type { MessageFolder } from '#app/schemas/messages.ts';
import type { MessageSummary } from '#app/services/messages/messages.server.ts';

import { deleteQuestion, FOLDER_ACTIONS } from './message-actions.ts';

const small = `${secondaryButton} px-3 py-1.5`;

/**
 * One screen of messages with a checkbox each and the bulk actions of the folder. The checkboxes
 * belong to one POST form, so the actions other than Delete also work before scripts load.
 */
export function MessageList(props: { folder: MessageFolder; messages: MessageSummary[]; now: number; searched: boolean }) {
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const submit = useSubmit();
  const busy = useNavigation().state !== 'idle';
  const datePrefs = useDatePrefs();
  const all = props.messages.length > 0 && selected.length === props.messages.length;
  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((item) => item !== id) : [...current, id]));
  const formId = 'message-bulk';
  const remove = () => {
    const data = new FormData();
    data.set('intent', 'delete');
    for (const id of selected) data.append('ids', id);
    setConfirming(false);
    void submit(data, { method: 'post' });
  };

  return (
    <div className="space-y-3">
      <Form method="post" id={formId} className="flex flex-wrap items-center gap-2" aria-label="Selected messages">
        <p className="mr-2 text-sm text-gray-700" aria-live="polite">
          {selected.length ? `${selected.length} selected` : 'Select messages to act on several at once.'}
        </p>
        {FOLDER_ACTIONS.filter((item) => item.shownIn.includes(props.folder)).map((item) => (
          <button key={item.action} type="submit" name="intent" value={item.action} className={small} disabled={!selected.length || busy}>
            {item.label}
          </button>
        ))}
        <button
          type="button"
          className={`${dangerButton} px-3 py-1.5 disabled:cursor-not-allowed disabled:opacity-50`}
          disabled={!selected.length || busy}
          onClick={() => setConfirming(true)}
        >
          <Trash2 className="size-4" aria-hidden />
          Delete
        </button>
      </Form>
      <div className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">Messages</caption>
          <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-700 uppercase">
            <tr>
              <th scope="col" className="w-10 px-4 py-3">
                <input
                  type="checkbox"
                  aria-label="Select all messages on this page"
                  checked={all}
                  onChange={() => setSelected(all ? [] : props.messages.map((message) => message.id))}
                  className="size-4"
                />
              </th>
              <th scope="col" className="w-1/4 px-2 py-3">
                Sender
              </th>
              <th scope="col" className="px-2 py-3">
                Message
              </th>
              <th scope="col" className="hidden w-36 px-4 py-3 text-right sm:table-cell">
                Received
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {props.messages.map((message) => {
              const weight = message.unread ? 'font-semibold text-gray-900' : 'font-normal text-gray-700';
              return (
                <tr
                  key={message.id}
                  className={message.unread ? 'bg-blue-50/40' : undefined}
                  data-unread={message.unread ? 'true' : undefined}
                >
                  <td className="px-4 py-3 align-top">
                    <input
                      type="checkbox"
                      name="ids"
                      value={message.id}
                      form={formId}
                      checked={selected.includes(message.id)}
                      onChange={() => toggle(message.id)}
                      aria-label={`Select the message from ${message.senderName}: ${message.subject}`}
                      className="size-4"
                    />
                  </td>
                  <td className={`truncate px-2 py-3 align-top ${weight}`}>
                    {message.senderName}
                    <span className="block truncate text-xs font-normal text-gray-600">{message.email}</span>
                  </td>
                  <td className="min-w-0 px-2 py-3 align-top">
                    <Link to={`/admin/messages/${message.id}`} className={`block truncate hover:text-blue-800 hover:underline ${weight}`}>
                      {message.unread ? <span className="sr-only">Unread: </span> : null}
                      {message.subject}
                    </Link>
                    <span className="block truncate text-gray-600">{message.firstLine}</span>
                    <time dateTime={message.receivedAt} className="block text-xs text-gray-600 sm:hidden">
                      {relativeTime(message.receivedAt, props.now)}
                    </time>
                  </td>
                  <td className="hidden px-4 py-3 text-right align-top text-gray-700 sm:table-cell">
                    <time dateTime={message.receivedAt} title={formatDate(message.receivedAt, 'en', datePrefs, { time: true })}>
                      {relativeTime(message.receivedAt, props.now)}
                    </time>
                  </td>
                </tr>
              );
            })}
            {props.messages.length === 0 ? (
              <tr>
                {/* Three columns wide plus the Received column's own cell, which phones hide: a row four columns
                    wide would give phones a column with no header cell, and the header a gap. */}
                <td colSpan={3} className="px-4 py-8 text-center text-gray-600">
                  {props.searched ? 'No messages match your search.' : 'No messages here.'}
                </td>
                <td className="hidden sm:table-cell" />
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={confirming}
        title={selected.length === 1 ? 'Delete message' : 'Delete messages'}
        message={deleteQuestion(selected.length)}
        confirmLabel="Delete"
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
