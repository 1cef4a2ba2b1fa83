import { AlertTriangle, Check, ExternalLink, FileText, MessageSquare, PenSquare, RefreshCw, ShieldAlert, Users, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SAMPLE_NOTIFICATIONS, SAMPLE_PAGE_VIEWS } from '#app/lib/dashboard-samples.ts';
import { relativeTime } from '#app/lib/relative-time.ts';

export function Panel(props: { title: string; action?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section aria-label={props.title} className={`rounded-lg bg-white shadow-sm ring-1 ring-gray-200 ${props.className ?? ''}`}>
      <div className="flex items-center justify-between border-b border-gray-200 px-4 py-3 sm:px-6">
        <h2 className="text-base font-semibold text-gray-900">{props.title}</h2>
        {props.action}
      </div>
      {props.children}
    </section>
  );
}

export function StatCard(props: { label: string; value: string; trend?: string; icon: ReactNode }) {
  return (
    <div role="group" aria-label={props.label} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200">
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-gray-600">{props.label}</p>
        <span className="rounded-md bg-blue-50 p-2 text-blue-700">{props.icon}</span>
      </div>
      <p className="mt-2 text-3xl font-semibold text-gray-900" data-stat-value>
        {props.value}
      </p>
      {props.trend ? <p className="mt-1 text-sm font-medium text-green-700">{props.trend} from last period</p> : null}
    </div>
  );
}

const QUICK_LINKS = [
  { label: 'New Page', to: '/admin/pages/new', icon: FileText },
  { label: 'New Blog Post', to: '/admin/blog/new', icon: PenSquare },
  { label: 'Comments', to: '/admin/comments', icon: MessageSquare },
  { label: 'Users', to: '/admin/users', icon: Users },
] as const;

export function QuickLinks() {
  return (
    <nav aria-label="Quick links" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {QUICK_LINKS.map(({ label, to, icon: Icon }) => (
        <Link
          key={to}
          to={to}
          className="flex items-center gap-3 rounded-lg bg-white p-4 text-sm font-medium text-gray-900 shadow-sm ring-1 ring-gray-200 hover:bg-gray-50 hover:ring-blue-300"
        >
          <Icon className="size-5 text-blue-700" aria-hidden />
          {label}
        </Link>
      ))}
    </nav>
  );
}

export function RecentPages(props: { pages: { id: string; title: string; slug: string; updated_at: string }[]; now: number; canEdit: boolean }) {
  const viewAll = (
    <Link to="/admin/pages" className="text-sm font-medium text-blue-800 hover:underline">
      View all
    </Link>
  );
  return (
    <Panel title="Recent Pages" action={viewAll}>
      <ul className="divide-y divide-gray-200">
        {props.pages.map((page) => (
          <li key={page.id} className="flex items-center justify-between gap-3 px-4 py-3 sm:px-6">
            <div className="min-w-0">
              {props.canEdit ? (
                <Link to={`/admin/pages/${page.id}`} className="font-medium text-gray-900 hover:text-blue-800 hover:underline">
                  {page.title}
                </Link>
              ) : (
                <p className="font-medium text-gray-900">{page.title}</p>
              )}
              <p className="text-xs text-gray-600">
                Updated <time dateTime={page.updated_at}>{relativeTime(page.updated_at, props.now)}</time>
              </p>
            </div>
            <a
              href={`/${page.slug}`}
              target="_blank"
              rel="noreferrer"
              className="rounded p-1 text-gray-600 hover:bg-gray-100 hover:text-blue-800"
              aria-label={`View ${page.title} on the site`}
            >
              <ExternalLink className="size-4" aria-hidden />
            </a>
          </li>
        ))}
        {props.pages.length === 0 ? <li className="px-6 py-6 text-sm text-gray-600">No published pages yet.</li> : null}
      </ul>
    </Panel>
  );
}

const NOTIFICATION_ICONS = { update: RefreshCw, comment: MessageSquare, security: ShieldAlert } as const;

/** The three sample notifications; their buttons are shown but do nothing yet (spec 2.3). */
export function NotificationsPanel() {
  const viewAll = (
    <Link to="/admin/notifications" className="text-sm font-medium text-blue-800 hover:underline">
      View all
    </Link>
  );
  const small = 'inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium ring-1 ring-inset';
  return (
    <Panel title="Notifications" action={viewAll}>
      <ul className="divide-y divide-gray-200">
        {SAMPLE_NOTIFICATIONS.map((notification) => {
          const Icon = NOTIFICATION_ICONS[notification.type] ?? AlertTriangle;
          return (
            <li key={notification.id} className="flex gap-3 px-4 py-3 sm:px-6">
              <Icon className={`mt-0.5 size-5 shrink-0 ${notification.status === 'pending' ? 'text-blue-700' : 'text-amber-600'}`} aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="text-sm text-gray-900">{notification.message}</p>
                <p className="text-xs text-gray-600">{notification.time}</p>
                <div className="mt-2 flex gap-2">
                  {notification.status === 'pending' ? (
                    <>
                      <button type="button" className={`${small} text-green-800 ring-green-600/30 hover:bg-green-50`}>
                        <Check className="size-3" aria-hidden />
                        Approve
                      </button>
                      <button type="button" className={`${small} text-red-800 ring-red-600/30 hover:bg-red-50`}>
                        <X className="size-3" aria-hidden />
                        Reject
                      </button>
                    </>
                  ) : (
                    <button type="button" className={`${small} text-gray-800 ring-gray-300 hover:bg-gray-50`}>
                      Dismiss
                    </button>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}

export function RecentActivity() {
  return (
    <Panel title="Recent Activity">
      <div className="overflow-x-auto">
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-700 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 sm:px-6">Page</th>
              <th scope="col" className="px-4 py-3 sm:px-6">Views</th>
              <th scope="col" className="px-4 py-3 sm:px-6">Trend</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {SAMPLE_PAGE_VIEWS.map((row) => (
              <tr key={row.id}>
                <td className="px-4 py-3 font-medium text-gray-900 sm:px-6">{row.page}</td>
                <td className="px-4 py-3 text-gray-700 tabular-nums sm:px-6">{row.count}</td>
                <td className="px-4 py-3 font-medium text-green-700 sm:px-6">{row.trend}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}
