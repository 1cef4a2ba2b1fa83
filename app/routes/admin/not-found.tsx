import { data } from 'react-router';

import { requireScreen } from '#app/http/guard.server.ts';

import type { Route } from './+types/not-found';

/** Unknown admin URLs: sign-in first (the admin's URLs are not revealed), then 404. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, 'dashboard');
  throw data({ message: 'Not found' }, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
