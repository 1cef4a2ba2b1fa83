import { Download } from 'lucide-react';
import { data, Form } from 'react-router';

import { AdminPage, PageLink } from '#app/components/admin/admin-page.tsx';
import { auditColumns } from '#app/components/admin/audit/audit-columns.tsx';
import { DataTable } from '#app/components/admin/data-table.tsx';
import { Pagination } from '#app/components/admin/pagination.tsx';
import { inputClass, primaryButton } from '#app/components/ui/buttons.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { AUDIT_ACTIONS } from '#app/lib/audit-actions.ts';
import { auditFilterSchema } from '#app/schemas/audit-filter.ts';
import { auditActors, listAuditEntries } from '#app/services/audit/audit-query.server.ts';

import type { Route } from './+types/audit-log';

export const meta: Route.MetaFunction = () => [{ title: 'Audit Log · Settings · Admin · Atelier' }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, 'audit');
  const url = new URL(request.url);
  const parsed = auditFilterSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw data({ message: parsed.error.issues[0]?.message ?? 'Invalid filter.' }, { status: 400 });
  const [list, actors] = await Promise.all([listAuditEntries(parsed.data), auditActors()]);
  const { page: _page, ...filter } = parsed.data;
  return { list, actors, filter, exportQuery: url.searchParams.toString() };
}

export default function AuditLogScreen({ loaderData }: Route.ComponentProps) {
  const { list, actors, filter } = loaderData;
  const exportParams = new URLSearchParams(loaderData.exportQuery);
  exportParams.delete('page');
  const exportQuery = exportParams.toString();
  return (
    <AdminPage
      title="Audit Log"
      subtitle="Sign-ins, security changes, settings and content events: who, what, when and from where. Entries are kept 180 days unless configured otherwise."
      actions={
        <>
          <PageLink to="/admin/settings?tab=security">Back to Security</PageLink>
          <a href={`/admin/settings/audit.csv${exportQuery ? `?${exportQuery}` : ''}`} className={primaryButton} download>
            <Download className="size-4" aria-hidden />
            Export CSV
          </a>
        </>
      }
    >
      <Form
        method="get"
        className="grid gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      >
        <label className="text-sm font-medium text-gray-800">
          User
          <select name="user" defaultValue={filter.user ?? ''} className={`${inputClass} mt-1`}>
            <option value="">All users</option>
            {actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.name} ({actor.email})
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-gray-800">
          Action
          <select name="action" defaultValue={filter.action ?? ''} className={`${inputClass} mt-1`}>
            <option value="">All actions</option>
            {Object.entries(AUDIT_ACTIONS).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-gray-800">
          From
          <input type="date" name="from" defaultValue={filter.from ?? ''} className={`${inputClass} mt-1`} />
        </label>
        <label className="text-sm font-medium text-gray-800">
          To
          <input type="date" name="to" defaultValue={filter.to ?? ''} className={`${inputClass} mt-1`} />
        </label>
        <div className="flex gap-2">
          <button type="submit" className={primaryButton}>
            Filter
          </button>
          <PageLink to="/admin/settings/audit">Reset</PageLink>
        </div>
      </Form>
      <DataTable
        columns={auditColumns}
        rows={list.items}
        empty="No events match these filters."
        caption="Audit log entries, newest first"
      />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} more={list.more} noun="event" />
    </AdminPage>
  );
}
