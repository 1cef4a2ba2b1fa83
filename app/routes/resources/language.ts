import { redirect } from 'react-router';

import { formText, readForm } from '#app/http/form.server.ts';
import { safeRedirectPath } from '#app/http/safe-redirect.server.ts';
import { isLanguage, LANGUAGE_COOKIE } from '#app/i18n/languages.ts';

import type { Route } from './+types/language';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

export function loader() {
  return redirect('/');
}

/** The language switcher posts here: remember the choice for a year and go back where the visitor was. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const language = formText(form, 'language');
  // A ?lng= left in the address would override the new choice.
  const target = new URL(safeRedirectPath(formText(form, 'redirectTo'), '/'), 'http://site.invalid');
  target.searchParams.delete('lng');
  const back = safeRedirectPath(`${target.pathname}${target.search}${target.hash}`, '/');
  if (!isLanguage(language)) return redirect(back);
  // Not HttpOnly: it mirrors the spec's browser-side cache of the choice and holds nothing secret.
  const cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`;
  return redirect(back, { headers: { 'Set-Cookie': cookie } });
}
