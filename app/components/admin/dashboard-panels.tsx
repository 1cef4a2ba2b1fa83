import { ExternalLink, FileText, MessageSquare, PenSquare, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { adminScreen, type AdminScreenId } from '#app/lib/admin-screens.ts';
import { hasPermission, type UserWithRole } from '#app/lib/permissions.ts';
import { relativeTime } from '#app/lib/relative-time.ts';
import type { NotificationView } from '#app/services/notifications/notifications.server.ts';

import { DataTable } from './data-table.tsx';
import { NotificationList } from './notification-list.tsx';
import { StatusBadge } from './status-badge.tsx';

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

export function StatCard(props: { label: string; value: string; trend?: string; note?: string; icon: ReactNode }) {
  return (
    <div role="group" aria-label={props.label} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200">
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-gray-600">{props.label}</p>
        <span className="rounded-md bg-blue-50 p-2 text-blue-700">{props.icon}</span>
      </div>
      <p className="mt-2 text-3xl font-semibold text-gray-900" data-stat-value>
        {props.value}
      </p>
      {props.note ? (
        <p className="mt-1 text-sm text-gray-600" data-stat-note>
          {props.note}
        </p>
      ) : null}
      {props.trend ? (
        <p className={`mt-1 text-sm font-medium ${props.trend.startsWith('-') ? 'text-red-700' : 'text-green-700'}`}>
          {props.trend} from last period
        </p>
      ) : null}
    </div>
  );
}

const QUICK_LINKS = [
  { label: 'New Page', to: '/admin/pages/new', icon: FileText, screen: 'pages' },
  { label: 'New Blog Post', to: '/admin/blog/new', icon: PenSquare, screen: 'blog' },
  { label: 'Comments', to: '/admin/comments', icon: MessageSquare, screen: 'comments' },
  { label: 'Users', to: '/admin/users', icon: Users, screen: 'users' },
] as const satisfies readonly { label: string; to: string; icon: typeof FileText; screen: AdminScreenId }[];

/** The shortcuts this user may follow (a link to a screen they may not open is not shown). */
export function QuickLinks(props: { user: UserWithRole }) {
  const links = QUICK_LINKS.filter((link) => hasPermission(props.user, adminScreen(link.screen).permission));
  return (
    <nav aria-label="Quick links" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {links.map(({ label, to, icon: Icon }) => (
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

export function RecentPages(props: {
  pages: { id: string; title: string; path: string; language: string; status: string; publish_date: string | null; updated_at: string }[];
  now: number;
  canEdit: boolean;
}) {
  return (
    <Panel title="Recent Pages" action={<ViewAllLink to="/admin/pages" />}>
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
              {page.path.startsWith(`/${page.language}/`) || page.path === `/${page.language}` ? (
                <span className="ml-2 rounded bg-gray-100 px-1.5 py-0.5 text-xs font-medium text-gray-700 uppercase">{page.language}</span>
              ) : null}
              <p className="text-xs text-gray-600">
                Updated <time dateTime={page.updated_at}>{relativeTime(page.updated_at, props.now)}</time>
              </p>
              {page.status === 'scheduled' ? <StatusBadge status={page.status} publishDate={page.publish_date} /> : null}
            </div>
            <a
              href={page.path}
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

/** The latest notifications this user may see, as on the bell, with a link to all of them. */
export function NotificationsPanel(props: { notifications: NotificationView[]; now: number }) {
  return (
    <Panel title="Notifications" action={<ViewAllLink to="/admin/notifications" />}>
      <NotificationList notifications={props.notifications} now={props.now} />
    </Panel>
  );
}

/** The most viewed public pages of the period, with their trend against the period before. */
export function RecentActivity(props: { rows: { id: string; page: string; path: string; count: number; trend: string }[] }) {
  return (
    <Panel title="Recent Activity">
      <DataTable
        framed={false}
        caption="Most viewed pages"
        rows={props.rows}
        empty="No page views in this period yet."
        columns={[
          {
            header: 'Page',
            className: 'sm:px-6',
            cell: (row) => (
              <span className="font-medium text-gray-900">
                {row.page}
                {row.page !== row.path ? <span className="block text-xs font-normal text-gray-600">{row.path}</span> : null}
              </span>
            ),
          },
          { header: 'Views', className: 'sm:px-6', cell: (row) => <span className="text-gray-700 tabular-nums">{row.count}</span> },
          {
            header: 'Trend',
            className: 'sm:px-6',
            cell: (row) => (
              <span className={`font-medium ${row.trend.startsWith('-') ? 'text-red-700' : 'text-green-700'}`}>{row.trend}</span>
            ),
          },
        ]}
      />
    </Panel>
  );
}

/** A panel's link to the whole list it shows the start of. */
function ViewAllLink({ to }: { to: string }) {
  return (
    <Link to={to} className="text-sm font-medium text-blue-800 hover:underline">
      View all
    </Link>
  );
}
