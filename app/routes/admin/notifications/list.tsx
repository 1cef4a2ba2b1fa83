import { data, useFetcher } from 'react-router';

import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { NotificationList } from '#app/components/admin/notification-list.tsx';
import { secondaryButton } from '#app/components/ui/buttons.ts';
import { readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { notificationActionSchema } from '#app/schemas/notifications.ts';
import {
  dismissNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '#app/services/notifications/notifications.server.ts';

import type { Route } from './+types/list';

export const meta: Route.MetaFunction = () => [{ title: 'Notifications · Admin' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, 'notifications');
  return { notifications: await listNotifications(user, 100), now: Date.now() };
}

/** Read, dismiss, read all: answered with data (the bell and the panels call it from fetchers, then every loader refreshes). */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'notifications');
  const parsed = notificationActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data({ message: 'Unknown action.' }, { status: 400 });
  const input = parsed.data;
  if (input.intent === 'read-all') return { ok: true, count: await markAllNotificationsRead(user) };
  const count = input.intent === 'read' ? await markNotificationRead(user, input.id) : await dismissNotification(user, input.id);
  if (count === 0) throw data({ message: 'This notification no longer exists.' }, { status: 404 });
  return { ok: true, count };
}

export default function Notifications({ loaderData: { notifications, now } }: Route.ComponentProps) {
  const fetcher = useFetcher();
  const unread = notifications.filter((notification) => notification.unread).length;
  return (
    <AdminPage
      title="Notifications"
      subtitle={unread ? `${unread} unread` : 'All caught up.'}
      actions={
        <fetcher.Form method="post" action="/admin/notifications">
          <button type="submit" name="intent" value="read-all" className={secondaryButton} disabled={!unread || fetcher.state !== 'idle'}>
            Mark all as read
          </button>
        </fetcher.Form>
      }
    >
      <section aria-label="All notifications" className="rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
        <NotificationList notifications={notifications} now={now} />
      </section>
    </AdminPage>
  );
}
