import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect, useNavigation } from 'react-router';

import { AuthCard } from '#app/components/auth/auth-card.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { getChallengeCookie, getSessionCookie } from '#app/http/cookies.server.ts';
import { readForm } from '#app/http/form.server.ts';
import { safeRedirectPath } from '#app/http/safe-redirect.server.ts';
import { signInCodeSchema } from '#app/schemas/two-factor.ts';
import { auditSignIn } from '#app/services/auth/sign-in-audit.server.ts';
import { completeSignInChallenge, findSignInChallenge } from '#app/services/auth/sign-in-challenge.server.ts';

import type { Route } from './+types/login-two-factor';

export const meta: Route.MetaFunction = () => [{ title: 'Two-factor verification · Atelier' }, { name: 'robots', content: 'noindex' }];

async function challengeToken(request: Request): Promise<string | null> {
  const value: unknown = await getChallengeCookie().parse(request.headers.get('Cookie'));
  return typeof value === 'string' && value ? value : null;
}

const toLogin = (redirectTo: string) => `/login?redirectTo=${encodeURIComponent(redirectTo)}`;

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'));
  const token = await challengeToken(request);
  const challenge = token ? await findSignInChallenge(token) : null;
  if (!challenge) throw redirect(toLogin(redirectTo));
  return { redirectTo, email: challenge.email };
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: signInCodeSchema, disableAutoCoercion: true });
  // A code is used once: it is never sent back into the field.
  const reply = (formErrors?: string[]) => submission.reply({ formErrors, hideFields: ['code'] }) as SubmissionResult<string[]>;
  if (submission.status !== 'success') return data({ result: reply(), expired: false }, { status: 400 });
  const parsed = { data: submission.value };
  const redirectTo = safeRedirectPath(parsed.data.redirectTo);
  const token = await challengeToken(request);
  const result = token ? await completeSignInChallenge({ token, code: parsed.data.code }) : ({ ok: false, reason: 'expired' } as const);
  const clearChallenge = await getChallengeCookie().serialize('', { maxAge: 0 });
  if (result.ok) {
    await auditSignIn({ userId: result.userId, ok: true, method: result.method });
    const headers = new Headers();
    headers.append('Set-Cookie', clearChallenge);
    headers.append('Set-Cookie', await getSessionCookie().serialize(result.token, { expires: result.expiresAt }));
    return redirect(redirectTo, { headers });
  }
  if (result.reason === 'wrong') {
    return data({ result: reply(['That code is not right. Please try again.']), expired: false }, { status: 401 });
  }
  const formError =
    result.reason === 'locked'
      ? 'Too many wrong codes. Please wait 15 minutes and sign in again.'
      : 'This sign-in has expired. Please sign in again.';
  return data(
    { result: reply([formError]), expired: true },
    { status: result.reason === 'locked' ? 429 : 401, headers: { 'Set-Cookie': clearChallenge } },
  );
}

export default function LoginTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === 'submitting';
  const [form, fields] = useSchemaForm(signInCodeSchema, {
    id: 'login-two-factor',
    lastResult: actionData?.result,
    serverOnly: true,
  });
  const code = fields.code;
  const error = code.errors?.[0];
  return (
    <AuthCard>
      <h1 className="text-2xl font-bold text-gray-900">Two-factor verification</h1>
      <p className="mt-1 text-sm text-gray-600">
        Signing in as <span className="font-medium text-gray-900">{loaderData.email}</span>. Enter the 6-digit code from your authenticator
        app.
      </p>
      {form.errors?.length ? (
        <div role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          <p>{form.errors[0]}</p>
          {actionData?.expired ? (
            <Link to={toLogin(loaderData.redirectTo)} className="mt-1 inline-block font-semibold underline">
              Back to sign in
            </Link>
          ) : null}
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <div>
          <label htmlFor={code.id} className="block text-sm font-medium text-gray-800">
            Authentication code
          </label>
          <input
            {...getInputProps(code, { type: 'text', ariaDescribedBy: code.descriptionId })}
            inputMode="text"
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            className="mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 font-mono text-base tracking-widest focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none"
          />
          <p id={code.descriptionId} className="mt-1 text-xs text-gray-600">
            Lost your device? Enter one of your recovery codes instead (each works once).
          </p>
          {error ? (
            <p id={code.errorId} className="mt-1 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          disabled={submitting}
          className="w-full rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
        >
          {submitting ? 'Verifying…' : 'Verify'}
        </button>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to={toLogin(loaderData.redirectTo)} className="text-blue-700 underline">
          Sign in with another account
        </Link>
      </p>
    </AuthCard>
  );
}
