import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect, useNavigation } from 'react-router';

import { AuthCard, AuthField } from '#app/components/auth/auth-card.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { getChallengeCookie, getSessionCookie, readKnownAccounts, rememberKnownAccount } from '#app/http/cookies.server.ts';
import { readForm } from '#app/http/form.server.ts';
import { getSessionUser } from '#app/http/guard.server.ts';
import { safeRedirectPath } from '#app/http/safe-redirect.server.ts';
import { loginSchema } from '#app/schemas/login.ts';
import { accountTag } from '#app/services/auth/rate-limit.server.ts';
import { signIn, type SignInResult } from '#app/services/auth/sign-in.server.ts';
import { auditSignIn } from '#app/services/auth/sign-in-audit.server.ts';

import type { Route } from './+types/login';

export const meta: Route.MetaFunction = () => [{ title: 'Sign in · Atelier' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'));
  if (await getSessionUser(request)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  // The schema's messages are the ones shown ('Email is required'), so Conform's empty-to-missing coercion is off.
  const submission = parseWithZod(await readForm(request), { schema: loginSchema, disableAutoCoercion: true });
  // The password is never sent back, not even the one just typed.
  const reply = (formErrors?: string[]) => submission.reply({ formErrors, hideFields: ['password'] }) as SubmissionResult<string[]>;
  if (submission.status !== 'success') return data({ result: reply() }, { status: 400 });
  const parsed = { data: submission.value };
  const known = await readKnownAccounts(request);
  const tag = accountTag(parsed.data.email);
  const result = await signIn({
    email: parsed.data.email,
    password: parsed.data.password,
    ip: context.clientIp,
    userAgent: request.headers.get('User-Agent') ?? '',
    knownBrowser: known.includes(tag),
  });
  if (!result.ok && result.reason === 'locked') {
    // A throttled attempt is recorded once per limit and window, not once per request.
    const { limit, retryAfterSeconds } = result;
    if (result.first) await auditSignIn({ email: parsed.data.email, ok: false, throttled: { limit, retryAfterSeconds } });
    return data({ result: reply([lockedMessage(result)]) }, { status: 429, headers: { 'Retry-After': String(retryAfterSeconds) } });
  }
  // The password was right: this browser now knows the account (see the account-wide slowdown).
  const headers = new Headers();
  if (result.ok || result.reason === 'two-factor') headers.append('Set-Cookie', await rememberKnownAccount(known, tag));
  if (!result.ok && result.reason === 'two-factor') {
    // The sign-in is audited once the code completes it (or fails it).
    headers.append('Set-Cookie', await getChallengeCookie().serialize(result.challenge, { expires: result.expiresAt }));
    const next = `/login/two-factor?redirectTo=${encodeURIComponent(safeRedirectPath(parsed.data.redirectTo))}`;
    return redirect(next, { headers });
  }
  await auditSignIn({ email: parsed.data.email, ok: result.ok, reason: result.ok ? undefined : result.reason });
  if (!result.ok) return data({ result: reply(['Invalid email or password.']) }, { status: 401 });
  headers.append('Set-Cookie', await getSessionCookie().serialize(result.token, { expires: result.expiresAt }));
  return redirect(safeRedirectPath(parsed.data.redirectTo), { headers });
}

/** What a throttled attempt is told: how long to wait, which the Retry-After header says too. */
function lockedMessage(result: Extract<SignInResult, { reason: 'locked' }>): string {
  if (result.limit !== 'account') return 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
  const seconds = result.retryAfterSeconds;
  return `This account is receiving many sign-in attempts. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`;
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === 'submitting';
  const [form, fields] = useSchemaForm(loginSchema, {
    id: 'login',
    lastResult: actionData?.result,
    serverOnly: true,
  });
  return (
    <AuthCard>
      <h1 className="text-2xl font-bold text-gray-900">Sign in</h1>
      <p className="mt-1 text-sm text-gray-600">Sign in to manage your website.</p>
      {form.errors?.length ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {form.errors[0]}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <AuthField label="Email" field={fields.email} type="email" autoComplete="username" />
        <AuthField label="Password" field={fields.password} type="password" autoComplete="current-password" />
        <p className="-mt-2 text-right text-sm">
          <Link to="/login/forgot-password" className="font-medium text-blue-800 hover:underline">
            Forgot password?
          </Link>
        </p>
        <button
          type="submit"
          disabled={submitting}
          className="w-full rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
        >
          {submitting ? 'Signing in…' : 'Sign in'}
        </button>
      </Form>
    </AuthCard>
  );
}
