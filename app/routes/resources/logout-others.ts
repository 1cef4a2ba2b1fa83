import { redirect } from 'react-router';

import { readForm } from '#app/http/form.server.ts';
import { readSessionToken, requireUser } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { endOtherSessions } from '#app/services/auth/user-sessions.server.ts';

import type { Route } from './+types/logout-others';

export function loader() {
  return redirect('/admin');
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * "Sign out of all other sessions": every session of the signed-in user but this one ends; with
 * `revokeTokens` ticked (My Account offers it), their API tokens are revoked as well.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const token = (await readSessionToken(request))!;
  const form = await readForm(request);
  const revokeTokens = form.get('revokeTokens') === 'on';
  const { ended, tokensRevoked } = await endOtherSessions(user.id, token, { revokeTokens });
  const message = revokeTokens
    ? `Signed out of ${plural(ended, 'other session')} and revoked ${plural(tokensRevoked, 'API token')}.`
    : `Signed out of ${plural(ended, 'other session')}.`;
  return redirectWithToast(String(form.get('redirectTo') ?? '/admin'), { type: 'success', message });
}
