import { data, Form, Link, useNavigation } from 'react-router';

import { readForm } from '#app/http/form.server.ts';
import { fieldErrors } from '#app/lib/zod-errors.ts';
import { acceptInvitationSchema, INVALID_INVITATION_MESSAGE, PASSWORD_MIN_LENGTH } from '#app/schemas/user.ts';
import { acceptInvitation, findInvitation } from '#app/services/users/invitations.server.ts';

import type { Route } from './+types/invite';

export const meta: Route.MetaFunction = () => [
  { title: 'Accept invitation · Atelier' },
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
];

export async function loader({ params }: Route.LoaderArgs) {
  const invitee = await findInvitation(params.token);
  // The message travels with the data: the component may not import server modules.
  if (!invitee)
    return data({ invitee: null, invalidMessage: INVALID_INVITATION_MESSAGE }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  return data(
    { invitee: { name: invitee.name, email: invitee.email }, invalidMessage: INVALID_INVITATION_MESSAGE },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

/** The invitee chooses a password (at least 12 characters, not a common one) and the account becomes active. */
export async function action({ request, params }: Route.ActionArgs) {
  const parsed = acceptInvitationSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ done: false, errors: fieldErrors(parsed.error), formError: null }, { status: 400 });
  const result = await acceptInvitation(params.token, parsed.data.password);
  if (!result.ok) {
    const errors =
      result.reason === 'invalid'
        ? Object.fromEntries(Object.entries(result.fieldErrors).map(([name, messages]) => [name, messages[0] ?? '']))
        : {};
    const formError = result.reason === 'invalid' ? (result.formErrors?.[0] ?? null) : INVALID_INVITATION_MESSAGE;
    return data({ done: false, errors, formError }, { status: 400 });
  }
  return { done: true, errors: {} as Record<string, string>, formError: null };
}

export default function InviteScreen({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === 'submitting';
  const errors: Record<string, string> = actionData?.errors ?? {};
  const { invitee } = loaderData;
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4">
      <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-sm ring-1 ring-gray-200">
        {actionData?.done ? (
          <>
            <h1 className="text-2xl font-bold text-gray-900">Your account is ready</h1>
            <p className="mt-2 text-sm text-gray-700">Your password is set. Sign in with your email address and new password.</p>
            <Link
              to="/login"
              className="mt-6 inline-block w-full rounded-md bg-blue-700 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-blue-800"
            >
              Sign in
            </Link>
          </>
        ) : !invitee ? (
          <>
            <h1 className="text-2xl font-bold text-gray-900">Invitation not valid</h1>
            <p role="alert" className="mt-2 text-sm text-gray-700">
              {loaderData.invalidMessage}
            </p>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold text-gray-900">Welcome, {invitee.name}</h1>
            <p className="mt-1 text-sm text-gray-600">Choose a password for {invitee.email} to activate your account.</p>
            {actionData?.formError ? (
              <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                {actionData.formError}
              </p>
            ) : null}
            <Form method="post" className="mt-6 space-y-4" noValidate>
              <input type="text" name="username" autoComplete="username" value={invitee.email} readOnly hidden />
              <PasswordField
                label="New password"
                name="password"
                error={errors.password}
                hint={`At least ${PASSWORD_MIN_LENGTH} characters; avoid common passwords.`}
              />
              <PasswordField label="Confirm password" name="confirm" error={errors.confirm} />
              <button
                type="submit"
                disabled={submitting}
                className="w-full rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
              >
                {submitting ? 'Saving…' : 'Set password'}
              </button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}

function PasswordField(props: { label: string; name: string; error?: string; hint?: string }) {
  const describedBy =
    [props.hint ? `${props.name}-hint` : '', props.error ? `${props.name}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={props.name} className="block text-sm font-medium text-gray-800">
        {props.label}
      </label>
      <input
        id={props.name}
        name={props.name}
        type="password"
        autoComplete="new-password"
        required
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
        className="mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none"
      />
      {props.hint ? (
        <p id={`${props.name}-hint`} className="mt-1 text-xs text-gray-600">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${props.name}-error`} className="mt-1 text-sm text-red-700">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
