import type { Column } from '#app/components/admin/data-table.tsx';
import { SiteDate } from '#app/components/site-date.tsx';
import { auditActionLabel } from '#app/lib/audit-actions.ts';
import type { AuditEntry } from '#app/services/audit/audit-query.server.ts';

/** The audit log's table: when (in the General settings' timezone and formats), who, what, to what, from where. Every value is rendered as text. */
export const auditColumns: Column<AuditEntry>[] = [
  { header: 'Time', className: 'whitespace-nowrap text-gray-700', cell: (entry) => <SiteDate iso={entry.at} seconds /> },
  {
    header: 'User',
    cell: (entry) => <span className="font-medium text-gray-900">{entry.actorName || 'System'}</span>,
  },
  {
    header: 'Action',
    cell: (entry) => (
      <span className="inline-flex rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-800" title={entry.action}>
        {auditActionLabel(entry.action)}
      </span>
    ),
  },
  {
    header: 'Target',
    className: 'max-w-xs break-words',
    cell: (entry) =>
      entry.targetType ? (
        <span>
          <span className="text-gray-600">{entry.targetType}</span> {entry.targetLabel ?? entry.targetId ?? ''}
        </span>
      ) : (
        <span className="text-gray-500">—</span>
      ),
  },
  {
    header: 'From',
    className: 'max-w-xs',
    cell: (entry) => (
      <span className="block">
        <span className="font-mono text-xs text-gray-800">{entry.ip || '—'}</span>
        {entry.userAgent ? (
          <span className="block truncate text-xs text-gray-600" title={entry.userAgent}>
            {entry.userAgent}
          </span>
        ) : null}
      </span>
    ),
  },
];
