import { redirect } from 'react-router';

import { requireScreen } from '#app/http/guard.server.ts';
import { listNotifications, markNotificationRead } from '#app/services/notifications/notifications.server.ts';

import type { Route } from './+types/open';

/** Opening a notification marks it read and goes where it points (an admin path), else to the list. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireScreen(request, 'notifications');
  await markNotificationRead(user, params.id);
  const found = (await listNotifications(user, 200)).find((notification) => notification.id === params.id);
  const link = found?.link ?? '';
  return redirect(/^\/admin(?:\/|$)/.test(link) && !link.startsWith('//') ? link : '/admin/notifications');
}
