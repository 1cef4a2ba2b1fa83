import { Eye, FileText, MessageSquare, Users } from 'lucide-react';
import { Form, useSubmit } from 'react-router';

import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { NotificationsPanel, QuickLinks, RecentActivity, RecentPages, StatCard } from '#app/components/admin/dashboard-panels.tsx';
import { inputClass } from '#app/components/ui/buttons.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { otherLanguages } from '#app/i18n/languages.ts';
import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD } from '#app/lib/dashboard-samples.ts';
import { hasPermission } from '#app/lib/permissions.ts';
import { compactNumber, trendLabel } from '#app/lib/trend.ts';
import {
  activeStaff,
  DASHBOARD_PERIOD_HOURS,
  type DashboardPeriod,
  pageViewTotals,
  titlesOf,
  topPages,
} from '#app/services/analytics/page-views.server.ts';
import { commentTotals } from '#app/services/comments/comment-queries.server.ts';
import { siteContentLanguage } from '#app/services/content/content-language.server.ts';
import { listNotifications } from '#app/services/notifications/notifications.server.ts';
import { countPages, recentPublishedPages } from '#app/services/pages/pages.server.ts';

import type { Route } from './+types/dashboard';

function readPeriod(request: Request): DashboardPeriod {
  const value = new URL(request.url).searchParams.get('period') ?? '';
  return value in DASHBOARD_PERIOD_HOURS ? (value as DashboardPeriod) : DEFAULT_DASHBOARD_PERIOD;
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, 'dashboard');
  const period = readPeriod(request);
  const [pageCounts, recentPages, notifications, views, staff, top, comments, defaultLanguage] = await Promise.all([
    countPages(),
    recentPublishedPages(5),
    listNotifications(user, 5),
    pageViewTotals(period),
    activeStaff(period),
    topPages(period, 5),
    commentTotals(DASHBOARD_PERIOD_HOURS[period]),
    siteContentLanguage(),
  ]);
  const titles = await titlesOf(top.map((row) => row.path));
  return {
    user,
    name: user.name,
    period,
    totalPages: pageCounts.items,
    // "3 in French": how many of the pages each other language has (a page and its translations count once above).
    pagesNote: otherLanguages(defaultLanguage)
      .map(({ code, label }) => `${pageCounts.byLanguage[code] ?? 0} in ${label}`)
      .join(', '),
    recentPages,
    notifications,
    views,
    staff,
    comments,
    activity: top.map((row) => ({
      id: row.path,
      page: titles[row.path] ?? row.path,
      path: row.path,
      count: row.current,
      trend: trendLabel(row.current, row.previous),
    })),
    canEditPages: hasPermission(user, 'manage_pages'),
    now: Date.now(),
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const submit = useSubmit();
  const { views, staff, comments, period } = loaderData;
  // This period's count beside the last one's, each card the same way.
  const trends = [
    { label: 'Active Users', count: staff, Icon: Users },
    { label: 'Comments', count: comments, Icon: MessageSquare },
    { label: 'Page Views', count: views, Icon: Eye },
  ];
  return (
    <AdminPage
      title="Dashboard"
      subtitle={`Welcome back, ${loaderData.name}! Here's what's happening with your site.`}
      actions={
        // The period is in the address: the figures below are counted for it on the server.
        <Form method="get" onChange={(event) => void submit(event.currentTarget, { replace: true, preventScrollReset: true })}>
          <label htmlFor="dashboard-period" className="sr-only">
            Period
          </label>
          <select id="dashboard-period" name="period" defaultValue={period} key={period} className={inputClass}>
            {DASHBOARD_PERIODS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit">Show</button>
          </noscript>
        </Form>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Total Pages"
          value={String(loaderData.totalPages)}
          note={loaderData.pagesNote}
          icon={<FileText className="size-5" aria-hidden />}
        />
        {trends.map(({ label, count, Icon }) => (
          <StatCard
            key={label}
            label={label}
            value={compactNumber(count.current)}
            trend={trendLabel(count.current, count.previous)}
            icon={<Icon className="size-5" aria-hidden />}
          />
        ))}
      </div>
      <QuickLinks user={loaderData.user} />
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentPages pages={loaderData.recentPages} now={loaderData.now} canEdit={loaderData.canEditPages} />
        <NotificationsPanel notifications={loaderData.notifications} now={loaderData.now} />
      </div>
      <RecentActivity rows={loaderData.activity} />
    </AdminPage>
  );
}
