import { redirect } from 'react-router';

import { getSessionCookie } from '#app/http/cookies.server.ts';
import { readSessionToken } from '#app/http/guard.server.ts';
import { deleteSession } from '#app/services/auth/session-store.server.ts';

import type { Route } from './+types/logout';

/** Signing out is a POST (a link must not sign anyone out); a GET just goes back to the admin. */
export function loader() {
  return redirect('/admin');
}

export async function action({ request }: Route.ActionArgs) {
  const token = await readSessionToken(request);
  if (token) await deleteSession(token);
  return redirect('/login', { headers: { 'Set-Cookie': await getSessionCookie().serialize('', { maxAge: 0 }) } });
}
