import { data } from 'react-router';

import { requireApiToken } from '#app/http/api-auth.server.ts';

import type { Route } from './+types/api-me';

/** GET /api/v1/me: who a personal API token acts as, and what it may do. */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, scopes, permissions } = await requireApiToken(request);
  return data(
    {
      user: { id: user.id, email: user.email, name: user.name, role: user.role ? { id: user.role.id, name: user.role.name } : null },
      scopes,
      permissions,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

/** The API is read-only here: any other method is refused without touching anything. */
export function action() {
  return data({ error: 'method_not_allowed', message: 'Only GET is supported.' }, { status: 405, headers: { Allow: 'GET' } });
}
