import { redirect } from 'react-router';

import { throwFailure } from '#app/http/failure.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { resetTwoFactor } from '#app/services/users/two-factor-reset.server.ts';

import type { Route } from './+types/two-factor-reset';

/** Only a POST resets; a visit goes to the users list. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, 'users');
  return redirect('/admin/users');
}

/** Someone who manages users clears the two-factor sign-in of a user they may manage, e.g. after a lost phone. */
export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireScreen(request, 'users');
  if (request.method !== 'POST') throw new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } });
  const result = await resetTwoFactor(actor, params.id);
  if (!result.ok) throwFailure(result);
  const told = result.mailed ? 'they were told in the admin and by e-mail' : 'they were told in the admin';
  return redirectWithToast(`/admin/users/${encodeURIComponent(params.id)}`, {
    type: 'success',
    message: `Two-factor sign-in reset: the user can sign in with their password and set it up again (${told})`,
  });
}
