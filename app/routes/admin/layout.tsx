import { Outlet } from 'react-router';

import { SearchEnginesBadge } from '#app/components/admin/search-engines-badge.tsx';
import { SidebarNav } from '#app/components/admin/sidebar.tsx';
import { TopBar } from '#app/components/admin/top-bar.tsx';
import { AdminTimingsPanel } from '#app/components/debug/admin-timings-panel.tsx';
import { requireScreen } from '#app/http/guard.server.ts';
import { adminScreen } from '#app/lib/admin-screens.ts';
import { hasPermission } from '#app/lib/permissions.ts';
import { countPendingComments } from '#app/services/comments/comment-queries.server.ts';
import { requestTimingsActive } from '#app/services/debug/request-timings.server.ts';
import { countUnreadMessages } from '#app/services/messages/messages.server.ts';
import { countUnreadNotifications, listNotifications } from '#app/services/notifications/notifications.server.ts';
import { getSiteSettingsForRequest } from '#app/services/settings/settings.server.ts';
import { siteBehaviour } from '#app/services/settings/site-behaviour.server.ts';

import type { Route } from './+types/layout';

export const meta: Route.MetaFunction = () => [{ title: 'Admin · Atelier' }, { name: 'robots', content: 'noindex' }];

/** Every admin navigation refreshes the shell's counts (unread messages, notifications): cheap, and never stale. */
export const shouldRevalidate = () => true;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, 'dashboard');
  // The sidebar's badges on Messages (unread) and Comments (awaiting approval), for those who may open them.
  const [unreadMessages, pendingComments, unreadNotifications, latestNotifications] = await Promise.all([
    hasPermission(user, adminScreen('messages').permission) ? countUnreadMessages() : 0,
    hasPermission(user, adminScreen('comments').permission) ? countPendingComments() : 0,
    countUnreadNotifications(user),
    listNotifications(user, 6),
  ]);
  const { timezone, dateFormat, timeFormat, siteName } = await getSiteSettingsForRequest();
  return {
    user,
    badges: { messages: unreadMessages, comments: pendingComments },
    // The bell: its unread count and the latest few.
    notifications: { unread: unreadNotifications, latest: latestNotifications, now: Date.now() },
    // Every date in the admin is written in the General settings' timezone and formats.
    datePrefs: { timezone, dateFormat, timeFormat },
    // Debug Mode is on and this user may change the Advanced settings: the server is timing this request.
    debugPanel: requestTimingsActive(),
    // Settings → Advanced asks search engines to stay away: said on every admin screen until it is turned off.
    searchEnginesDiscouraged: siteBehaviour().discourageSearchEngines,
    canChangeSettings: hasPermission(user, 'manage_settings'),
    // The top bar names the site being edited, with a way to see it.
    siteName,
  };
}

export default function AdminLayout({
  loaderData: { user, debugPanel, searchEnginesDiscouraged, canChangeSettings, siteName },
}: Route.ComponentProps) {
  return (
    <div className="min-h-screen bg-gray-50">
      <aside className="fixed inset-y-0 left-0 hidden w-64 border-r border-gray-200 bg-white lg:block">
        <SidebarNav user={user} />
      </aside>
      <div className="lg:pl-64">
        <TopBar user={user} siteName={siteName} />
        {searchEnginesDiscouraged ? <SearchEnginesBadge link={canChangeSettings} /> : null}
        <main className="px-4 py-6 sm:px-6 lg:px-8">
          <Outlet />
        </main>
      </div>
      {debugPanel ? <AdminTimingsPanel /> : null}
    </div>
  );
}
