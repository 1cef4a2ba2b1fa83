import { redirect } from 'react-router';

import { readForm } from '#app/http/form.server.ts';
import { readSessionToken, requireUser } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { endOtherSessions } from '#app/services/auth/user-sessions.server.ts';

import type { Route } from './+types/logout-others';

export function loader() {
  return redirect('/admin');
}

/** "Sign out of all other sessions": every session of the signed-in user but this one ends. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const token = (await readSessionToken(request))!;
  const form = await readForm(request);
  const { ended } = await endOtherSessions(user.id, token);
  const message = ended === 1 ? 'Signed out of 1 other session.' : `Signed out of ${ended} other sessions.`;
  return redirectWithToast(String(form.get('redirectTo') ?? '/admin'), { type: 'success', message });
}
