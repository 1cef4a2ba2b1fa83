import { requireScreen } from '#app/http/guard.server.ts';
import { redirectsCsv } from '#app/services/redirects/redirects-csv.server.ts';

import type { Route } from './+types/export-csv';

/** Every redirect as CSV (From, To, Status, Hits, Last hit), the shape Import reads back. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, 'redirects');
  const day = new Date().toISOString().slice(0, 10);
  return new Response(await redirectsCsv(), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="redirects-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
