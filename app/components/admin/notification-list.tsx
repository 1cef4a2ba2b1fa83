import { ArchiveX, Bell, CalendarCheck, FileText, Mail, MessageSquare, Palette, ShieldAlert, ShieldOff } from 'lucide-react';
import { Form, Link, useFetcher, useLocation } from 'react-router';

import { commentIdOfLink } from '#app/lib/comment-links.ts';
import type { NotificationKind } from '#app/lib/notification-kinds.ts';
import { relativeTime } from '#app/lib/relative-time.ts';
import type { NotificationView } from '#app/services/notifications/notifications.server.ts';

const ICONS: Record<NotificationKind, typeof Bell> = {
  message: Mail,
  post_review: FileText,
  sign_in_failures: ShieldAlert,
  theme_activated: Palette,
  two_factor_reset: ShieldOff,
  backup_failed: ArchiveX,
  content_published: CalendarCheck,
  comment: MessageSquare,
};

export function notificationHref(notification: Pick<NotificationView, 'id'>): string {
  return `/admin/notifications/${notification.id}/open`;
}

function DismissButton({ id }: { id: string }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action="/admin/notifications">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value="dismiss"
        className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-gray-800 ring-1 ring-gray-300 ring-inset hover:bg-gray-50"
        disabled={fetcher.state !== 'idle'}
      >
        Dismiss
      </button>
    </fetcher.Form>
  );
}

const smallButton = 'inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium ring-1 ring-inset';

/** A comment awaiting approval: Approve publishes it, Reject moves it to the trash; the moderator stays where they are. */
function CommentDecision({ commentId }: { commentId: string }) {
  const location = useLocation();
  return (
    <Form method="post" action="/admin/comments" className="flex gap-2">
      <input type="hidden" name="ids" value={commentId} />
      <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        name="intent"
        value="approve"
        className={`${smallButton} bg-green-700 text-white ring-green-700 hover:bg-green-800`}
      >
        Approve
      </button>
      <button type="submit" name="intent" value="trash" className={`${smallButton} text-red-700 ring-red-300 hover:bg-red-50`}>
        Reject
      </button>
    </Form>
  );
}

/** Notifications as a list: icon, text (unread in bold), time, and a Dismiss button. Opening one marks it read. */
export function NotificationList(props: { notifications: NotificationView[]; now: number; empty?: string }) {
  if (props.notifications.length === 0)
    return <p className="px-4 py-6 text-sm text-gray-600 sm:px-6">{props.empty ?? 'You have no notifications.'}</p>;
  return (
    <ul className="divide-y divide-gray-200">
      {props.notifications.map((notification) => {
        const Icon = ICONS[notification.kind] ?? Bell;
        const commentId = notification.kind === 'comment' ? commentIdOfLink(notification.link) : null;
        return (
          <li key={notification.id} className="flex gap-3 px-4 py-3 sm:px-6" data-unread={notification.unread ? 'true' : undefined}>
            <Icon
              className={`mt-0.5 size-5 shrink-0 ${notification.kind === 'sign_in_failures' || notification.kind === 'two_factor_reset' ? 'text-amber-600' : 'text-blue-700'}`}
              aria-hidden
            />
            <div className="min-w-0 flex-1">
              <Link
                to={notificationHref(notification)}
                className={`block text-sm break-words hover:text-blue-800 hover:underline ${notification.unread ? 'font-semibold text-gray-900' : 'text-gray-800'}`}
              >
                {notification.unread ? <span className="sr-only">Unread: </span> : null}
                {notification.message}
              </Link>
              <p className="text-xs text-gray-600">
                <time dateTime={notification.createdAt}>{relativeTime(notification.createdAt, props.now)}</time>
              </p>
              <div className="mt-2 flex gap-2">
                {commentId ? <CommentDecision commentId={commentId} /> : <DismissButton id={notification.id} />}
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
