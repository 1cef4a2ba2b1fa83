import { data } from 'react-router';

import { requireScreen } from '#app/http/guard.server.ts';
import { auditFilterSchema } from '#app/schemas/audit-filter.ts';
import { auditCsvStream } from '#app/services/audit/audit-csv.server.ts';
import { auditEntriesForExport } from '#app/services/audit/audit-query.server.ts';

import type { Route } from './+types/audit-csv';

/** The audit log as CSV, with the screen's filters: every matching entry, streamed as it is read. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, 'audit');
  const parsed = auditFilterSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw data({ message: parsed.error.issues[0]?.message ?? 'Invalid filter.' }, { status: 400 });
  const { page: _page, ...filter } = parsed.data;
  const csv = auditCsvStream(auditEntriesForExport(filter));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="audit-log-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
