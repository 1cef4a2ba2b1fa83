import type { SubmissionResult } from '@conform-to/react';
import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, useNavigation } from 'react-router';

import { AuthAlert, authButton, AuthCard, AuthField } from '#app/components/auth/auth-card.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { failureMessage } from '#app/http/failure.server.ts';
import { readForm } from '#app/http/form.server.ts';
import { forgotPasswordSchema, RESET_REQUESTED_MESSAGE } from '#app/schemas/password-reset.ts';
import { requestPasswordReset } from '#app/services/password-reset/request-reset.server.ts';

import type { Route } from './+types/forgot-password';

export const meta: Route.MetaFunction = () => [{ title: 'Forgot password · Atelier' }, { name: 'robots', content: 'noindex' }];

/**
 * The e-mail of the account; the answer is the same whether or not an account uses it (the mail, when there is
 * one to send, goes after the answer). Only too many requests from one address are said, with 429.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: forgotPasswordSchema, disableAutoCoercion: true });
  if (submission.status !== 'success') {
    return data({ sent: false, result: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  }
  const result = await requestPasswordReset({ email: submission.value.email, ip: context.clientIp });
  if (!result.ok) {
    const headers = result.reason === 'rate-limited' ? { 'Retry-After': String(result.retryAfterSeconds) } : undefined;
    return data(
      { sent: false, result: submission.reply({ formErrors: [failureMessage(result)] }) as SubmissionResult<string[]> },
      { status: 429, headers },
    );
  }
  return data({ sent: true, result: undefined }, { headers: { 'Cache-Control': 'no-store' } });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === 'submitting';
  const [form, fields] = useSchemaForm(forgotPasswordSchema, {
    id: 'forgot-password',
    lastResult: actionData?.result,
    serverOnly: true,
    coerce: false,
  });
  return (
    <AuthCard>
      <h1 className="text-2xl font-bold text-gray-900">Forgot password?</h1>
      {actionData?.sent ? (
        <>
          <AuthAlert tone="info">{RESET_REQUESTED_MESSAGE}</AuthAlert>
          <Link to="/login" className={`mt-6 inline-block ${authButton}`}>
            Back to sign in
          </Link>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-gray-600">
            Enter the e-mail address of your account and we will send you a link to choose a new password.
          </p>
          {form.errors?.length ? <AuthAlert tone="error">{form.errors[0]}</AuthAlert> : null}
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4" noValidate>
            <AuthField label="Email" field={fields.email} type="email" autoComplete="username" />
            <button type="submit" disabled={submitting} className={authButton}>
              {submitting ? 'Sending…' : 'Send reset link'}
            </button>
          </Form>
          <p className="mt-4 text-center text-sm">
            <Link to="/login" className="font-medium text-blue-800 hover:underline">
              Back to sign in
            </Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}
