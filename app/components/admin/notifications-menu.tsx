import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bell } from 'lucide-react';
import { Link, useFetcher, useRouteLoaderData } from 'react-router';

import { relativeTime } from '#app/lib/relative-time.ts';
import type { NotificationView } from '#app/services/notifications/notifications.server.ts';

import { notificationHref } from './notification-list.tsx';

interface BellData {
  notifications?: { unread: number; latest: NotificationView[]; now: number };
}

/** The bell: the unread count, and a dropdown of the latest notifications with Mark all as read and View all. */
export function NotificationsMenu() {
  const bell = useRouteLoaderData<BellData>('routes/admin/layout')?.notifications ?? { unread: 0, latest: [], now: Date.now() };
  const fetcher = useFetcher();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          className="relative rounded-full p-2 text-gray-700 hover:bg-gray-100"
          aria-label="Notifications"
          aria-describedby={bell.unread ? 'notifications-unread' : undefined}
        >
          <Bell className="size-5" aria-hidden />
          {bell.unread ? (
            <span
              className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white"
              aria-hidden
              data-bell-count
            >
              {bell.unread > 99 ? '99+' : bell.unread}
            </span>
          ) : null}
          {bell.unread ? (
            <span id="notifications-unread" className="sr-only">
              {bell.unread} unread
            </span>
          ) : null}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-lg bg-white p-2 shadow-lg ring-1 ring-gray-200"
        >
          <div className="flex items-center justify-between px-2 py-1">
            <DropdownMenu.Label className="text-sm font-semibold text-gray-900">Notifications</DropdownMenu.Label>
            {bell.unread ? (
              <DropdownMenu.Item
                className="rounded px-1 text-xs font-medium text-blue-800 outline-none hover:underline data-[highlighted]:bg-gray-100"
                onSelect={(event) => {
                  event.preventDefault();
                  void fetcher.submit({ intent: 'read-all' }, { method: 'post', action: '/admin/notifications' });
                }}
              >
                Mark all as read
              </DropdownMenu.Item>
            ) : null}
          </div>
          {bell.latest.length === 0 ? <p className="px-2 py-3 text-sm text-gray-600">You have no notifications.</p> : null}
          {bell.latest.map((notification) => (
            <DropdownMenu.Item key={notification.id} asChild>
              <Link
                to={notificationHref(notification)}
                className="block rounded-md px-2 py-2 text-sm text-gray-700 outline-none data-[highlighted]:bg-gray-100"
                data-unread={notification.unread ? 'true' : undefined}
              >
                <p className={notification.unread ? 'font-semibold text-gray-900' : undefined}>{notification.message}</p>
                <p className="text-xs text-gray-600">{relativeTime(notification.createdAt, bell.now)}</p>
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-gray-200" />
          <DropdownMenu.Item asChild>
            <Link
              to="/admin/notifications"
              className="block rounded-md px-2 py-2 text-center text-sm font-medium text-blue-800 outline-none data-[highlighted]:bg-gray-100"
            >
              View all
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
