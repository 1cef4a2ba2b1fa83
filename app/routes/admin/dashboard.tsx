import { BarChart3, Eye, FileText, MessageSquare, Users } from 'lucide-react';
import { useState } from 'react';
import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { inputClass } from '#app/components/ui/buttons.ts';
import { NotificationsPanel, QuickLinks, RecentActivity, RecentPages, StatCard } from '#app/components/admin/dashboard-panels.tsx';
import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD, SAMPLE_STATS } from '#app/lib/dashboard-samples.ts';
import { hasPermission } from '#app/lib/permissions.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { listNotifications } from '#app/services/notifications/notifications.server.ts';
import { countPages, recentPublishedPages } from '#app/services/pages/pages.server.ts';
import type { Route } from './+types/dashboard';

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, 'dashboard');
  const [totalPages, recentPages, notifications] = await Promise.all([countPages(), recentPublishedPages(5), listNotifications(user, 5)]);
  return { user, name: user.name, totalPages, recentPages, notifications, canEditPages: hasPermission(user, 'manage_pages'), now: Date.now() };
}

const STAT_ICONS = { users: Users, comments: MessageSquare, views: Eye } as const;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  // The period is only held on screen: the figures are samples (spec 2.3).
  const [period, setPeriod] = useState<string>(DEFAULT_DASHBOARD_PERIOD);
  return (
    <AdminPage
      title="Dashboard"
      subtitle={`Welcome back, ${loaderData.name}! Here's what's happening with your site.`}
      actions={
        <div>
          <label htmlFor="dashboard-period" className="sr-only">
            Period
          </label>
          <select id="dashboard-period" value={period} onChange={(event) => setPeriod(event.target.value)} className={inputClass}>
            {DASHBOARD_PERIODS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total Pages" value={String(loaderData.totalPages)} icon={<FileText className="size-5" aria-hidden />} />
        {SAMPLE_STATS.map((stat) => {
          const Icon = STAT_ICONS[stat.id] ?? BarChart3;
          return <StatCard key={stat.id} label={stat.label} value={stat.value} trend={stat.trend} icon={<Icon className="size-5" aria-hidden />} />;
        })}
      </div>
      <QuickLinks user={loaderData.user} />
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentPages pages={loaderData.recentPages} now={loaderData.now} canEdit={loaderData.canEditPages} />
        <NotificationsPanel notifications={loaderData.notifications} now={loaderData.now} />
      </div>
      <RecentActivity />
    </AdminPage>
  );
}
