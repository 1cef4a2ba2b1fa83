import { NavLink, useRouteLoaderData } from 'react-router';

import { sidebarScreensFor } from '#app/lib/admin-screens.ts';
import { hasPermission } from '#app/lib/permissions.ts';
import type { SessionUser } from '#app/services/auth/session-user.ts';

/** Which count an entry shows, and what it says to a screen reader: comments belong to the blog's articles. */
const BADGES: Record<string, { count: string; says: string }> = {
  messages: { count: 'messages', says: ' unread' },
  blog: { count: 'comments', says: ' comments awaiting approval' },
};

/** The sidebar's content: title and the entries this user may open, the exact-path match marked current. */
export function SidebarNav({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const items = sidebarScreensFor((permission) => hasPermission(user, permission));
  // Counts the admin layout's loader reads (unread messages, comments awaiting approval), each shown on its entry.
  const counts = useRouteLoaderData<{ badges?: Record<string, number> }>('routes/admin/layout')?.badges ?? {};
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center border-b border-gray-200 px-6">
        <p className="text-lg font-semibold text-gray-900">Admin Panel</p>
      </div>
      <nav aria-label="Admin" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {items.map((item) => (
            <li key={item.path} className="relative">
              <NavLink
                to={item.path}
                end
                onClick={onNavigate}
                className={({ isActive }) =>
                  `block rounded-md px-3 py-2 text-sm font-medium ${
                    isActive ? 'bg-blue-50 text-blue-800' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900'
                  }`
                }
              >
                {item.label}
              </NavLink>
              {/* Beside the link, not inside it: the entry's name stays its label. */}
              {BADGES[item.id] && counts[BADGES[item.id]!.count] ? (
                <span
                  className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 rounded-full bg-blue-700 px-2 py-0.5 text-xs font-semibold text-white"
                  data-badge={BADGES[item.id]!.count}
                >
                  {counts[BADGES[item.id]!.count]}
                  <span className="sr-only">{BADGES[item.id]!.says}</span>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
