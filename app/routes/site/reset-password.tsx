import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, useNavigation } from 'react-router';

import { AuthAlert, authButton, AuthCard, AuthField } from '#app/components/auth/auth-card.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { readForm } from '#app/http/form.server.ts';
import { INVALID_RESET_LINK_MESSAGE, resetPasswordSchema } from '#app/schemas/password-reset.ts';
import { PASSWORD_MIN_LENGTH } from '#app/schemas/user.ts';
import { completePasswordReset } from '#app/services/password-reset/complete-reset.server.ts';
import { findResetLink } from '#app/services/password-reset/reset-links.server.ts';

import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = () => [
  { title: 'Choose a new password · Atelier' },
  { name: 'robots', content: 'noindex' },
  // The token is in the address: no page this one links to may learn it.
  { name: 'referrer', content: 'no-referrer' },
];

export async function loader({ params }: Route.LoaderArgs) {
  const user = await findResetLink(params.token);
  const headers = { 'Cache-Control': 'no-store' };
  if (!user) return data({ email: null, invalidMessage: INVALID_RESET_LINK_MESSAGE }, { status: 404, headers });
  return data({ email: user.email, invalidMessage: INVALID_RESET_LINK_MESSAGE }, { headers });
}

/** The new password (typed twice): the link is used up, every session ends and every API token is revoked. */
export async function action({ request, params }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: resetPasswordSchema, disableAutoCoercion: true });
  // Neither password is ever sent back, not even the ones just typed.
  const reply = (errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] } = {}) =>
    submission.reply({ ...errors, hideFields: ['password', 'confirm'] }) as SubmissionResult<string[]>;
  if (submission.status !== 'success') return data({ done: false, result: reply() }, { status: 400 });
  const result = await completePasswordReset(params.token, submission.value.password);
  if (!result.ok) {
    const errors =
      result.reason === 'invalid'
        ? { fieldErrors: result.fieldErrors, formErrors: result.formErrors }
        : { formErrors: [INVALID_RESET_LINK_MESSAGE] };
    return data({ done: false, result: reply(errors) }, { status: 400 });
  }
  return { done: true, result: undefined };
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === 'submitting';
  const [form, fields] = useSchemaForm(resetPasswordSchema, { id: 'reset-password', lastResult: actionData?.result, coerce: false });
  const { email } = loaderData;
  if (actionData?.done) {
    return (
      <AuthCard>
        <h1 className="text-2xl font-bold text-gray-900">Password changed</h1>
        <p className="mt-2 text-sm text-gray-700">
          Your new password is set. You were signed out everywhere and your API tokens were revoked. Sign in with your new password.
        </p>
        <Link to="/login" className={`mt-6 inline-block ${authButton}`}>
          Sign in
        </Link>
      </AuthCard>
    );
  }
  if (!email) {
    return (
      <AuthCard>
        <h1 className="text-2xl font-bold text-gray-900">Link not valid</h1>
        <AuthAlert tone="error">{loaderData.invalidMessage}</AuthAlert>
        <Link to="/login/forgot-password" className={`mt-6 inline-block ${authButton}`}>
          Ask for a new link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard>
      <h1 className="text-2xl font-bold text-gray-900">Choose a new password</h1>
      <p className="mt-1 text-sm text-gray-600">For {email}. You will be signed out everywhere, and your API tokens will be revoked.</p>
      {form.errors?.length ? <AuthAlert tone="error">{form.errors[0]}</AuthAlert> : null}
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <AuthField
          label="New password"
          field={fields.password}
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters; avoid common passwords.`}
        />
        <AuthField label="Confirm password" field={fields.confirm} type="password" autoComplete="new-password" />
        <button type="submit" disabled={submitting} className={authButton}>
          {submitting ? 'Saving…' : 'Set new password'}
        </button>
      </Form>
    </AuthCard>
  );
}
