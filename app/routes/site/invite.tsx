import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, useNavigation } from 'react-router';

import { AuthCard, AuthField } from '#app/components/auth/auth-card.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { readForm } from '#app/http/form.server.ts';
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
  // The schema's own messages are shown ('Passwords do not match'), so Conform's empty-to-missing coercion is off.
  const submission = parseWithZod(await readForm(request), { schema: acceptInvitationSchema, disableAutoCoercion: true });
  // Neither password is ever sent back, not even the ones just typed.
  const reply = (errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] } = {}) =>
    submission.reply({ ...errors, hideFields: ['password', 'confirm'] }) as SubmissionResult<string[]>;
  if (submission.status !== 'success') return data({ done: false, result: reply() }, { status: 400 });
  const result = await acceptInvitation(params.token, submission.value.password);
  if (!result.ok) {
    const errors =
      result.reason === 'invalid'
        ? { fieldErrors: result.fieldErrors, formErrors: result.formErrors }
        : { formErrors: [INVALID_INVITATION_MESSAGE] };
    return data({ done: false, result: reply(errors) }, { status: 400 });
  }
  return { done: true, result: undefined };
}

export default function InviteScreen({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === 'submitting';
  const [form, fields] = useSchemaForm(acceptInvitationSchema, {
    id: 'accept-invitation',
    lastResult: actionData?.result,
    coerce: false,
  });
  const { invitee } = loaderData;
  return (
    <AuthCard>
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
          {form.errors?.length ? (
            <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {form.errors[0]}
            </p>
          ) : null}
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
            <input type="text" name="username" autoComplete="username" value={invitee.email} readOnly hidden />
            <AuthField
              type="password"
              autoComplete="new-password"
              label="New password"
              field={fields.password}
              hint={`At least ${PASSWORD_MIN_LENGTH} characters; avoid common passwords.`}
            />
            <AuthField type="password" autoComplete="new-password" label="Confirm password" field={fields.confirm} />
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
    </AuthCard>
  );
}

/** The invitation page's own field look (it is not an admin screen, like the sign-in page), with Conform's ids and aria attributes. */
