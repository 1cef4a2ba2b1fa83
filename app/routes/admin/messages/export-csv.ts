import { data } from 'react-router';

import { requireScreen } from '#app/http/guard.server.ts';
import { messageFilterSchema } from '#app/schemas/messages.ts';
import { messagesCsv } from '#app/services/messages/messages-csv.server.ts';

import type { Route } from './+types/export-csv';

/** The messages of the inbox's current folder and search, as CSV. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, 'messages');
  const parsed = messageFilterSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw data({ message: parsed.error.issues[0]?.message ?? 'Invalid filter.' }, { status: 400 });
  const { folder, q } = parsed.data;
  const day = new Date().toISOString().slice(0, 10);
  return new Response(await messagesCsv({ folder, q }), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="messages-${folder}-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
