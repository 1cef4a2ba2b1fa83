import { redirect } from 'react-router';

import { throwFailure } from '#app/http/failure.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { resetTwoFactor } from '#app/services/auth/two-factor.server.ts';

import type { Route } from './+types/two-factor-reset';

/** Only a POST resets; a visit goes to the users list. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, 'users');
  return redirect('/admin/users');
}

/** An administrator (manage_users) clears another user's two-factor sign-in, e.g. after a lost phone. */
export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireScreen(request, 'users');
  if (request.method !== 'POST') throw new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } });
  const result = await resetTwoFactor({ actor: { id: actor.id, name: actor.name }, userId: params.id });
  if (!result.ok) throwFailure(result);
  return redirectWithToast(`/admin/users/${encodeURIComponent(params.id)}`, {
    type: 'success',
    message: 'Two-factor sign-in reset: the user can sign in with their password and set it up again',
  });
}
