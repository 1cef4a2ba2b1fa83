import type { Submission, SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';

import { RecoveryCodesPanel, TwoFactorEnabledPanel, TwoFactorSetupPanel } from '#app/components/admin/account/two-factor-panels.tsx';
import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { throwFailure } from '#app/http/failure.server.ts';
import { readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { hasPermission } from '#app/lib/permissions.ts';
import { twoFactorCodeSchema, twoFactorConfirmSchema } from '#app/schemas/two-factor.ts';
import {
  confirmTwoFactor,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
} from '#app/services/auth/two-factor.server.ts';
import { getTwoFactorPolicy } from '#app/services/auth/two-factor-policy.server.ts';
import type { Failure } from '#app/services/failures.ts';

import type { Route } from './+types/two-factor';

export const meta: Route.MetaFunction = () => [{ title: 'Two-Factor Sign-In · Admin · Atelier' }];

const PAGE = '/admin/account/two-factor';

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, 'two-factor');
  const [status, policy] = await Promise.all([twoFactorStatus(user.id), getTwoFactorPolicy()]);
  const required = policy.requiredFor !== null && hasPermission(user, policy.requiredFor);
  if (status.enabled) return { status, required, setup: null };
  const setup = await startTwoFactorSetup({ id: user.id, email: user.email });
  if (!setup.ok) throwFailure(setup);
  return { status, required, setup: { secret: setup.secret, qrCode: setup.qrCode } };
}

type CodeIntent = 'confirm' | 'regenerate' | 'disable';

/** A refused code back to its form (the answer names it: the page has up to two); the code is never sent back. */
function refused(
  intent: CodeIntent,
  submission: Submission<unknown>,
  errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] } = {},
  status = 400,
) {
  return data(
    { intent, result: submission.reply({ ...errors, hideFields: ['code'] }) as SubmissionResult<string[]>, recoveryCodes: null },
    { status },
  );
}

/** The service's refusal of the code beside the field; anything else (no set-up waiting, already on) is a status page. */
function wrongCode(intent: CodeIntent, submission: Submission<unknown>, failure: Failure) {
  if (failure.reason !== 'invalid') throwFailure(failure);
  return refused(intent, submission, { fieldErrors: failure.fieldErrors, formErrors: failure.formErrors });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'two-factor');
  const form = await readForm(request);
  const intent = form.get('intent');
  // The schemas' own messages are shown ('Enter the 6-digit code your app shows'), so Conform's coercion is off.
  if (intent === 'confirm') {
    const submission = parseWithZod(form, { schema: twoFactorConfirmSchema, disableAutoCoercion: true });
    if (submission.status !== 'success') return refused(intent, submission);
    const result = await confirmTwoFactor({ userId: user.id, code: submission.value.code });
    if (!result.ok) return wrongCode(intent, submission, result);
    return { intent, result: undefined, recoveryCodes: result.recoveryCodes };
  }
  if (intent === 'disable' || intent === 'regenerate') {
    const submission = parseWithZod(form, { schema: twoFactorCodeSchema, disableAutoCoercion: true });
    if (submission.status !== 'success') return refused(intent, submission);
    if (intent === 'disable') {
      const policy = await getTwoFactorPolicy();
      if (policy.requiredFor && hasPermission(user, policy.requiredFor)) {
        return refused(intent, submission, { formErrors: ['Your role requires two-factor sign-in: it cannot be turned off.'] }, 403);
      }
      const result = await disableTwoFactor({ userId: user.id, code: submission.value.code });
      if (!result.ok) return wrongCode(intent, submission, result);
      return redirectWithToast(PAGE, { type: 'success', message: 'Two-factor sign-in turned off' });
    }
    const result = await regenerateRecoveryCodes({ userId: user.id, code: submission.value.code });
    if (!result.ok) return wrongCode(intent, submission, result);
    return { intent, result: undefined, recoveryCodes: result.recoveryCodes };
  }
  throw data({ message: 'Unknown action.' }, { status: 400 });
}

export default function TwoFactorScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { status, required, setup } = loaderData;
  const resultFor = (intent: CodeIntent) => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <AdminPage
      title="Two-Factor Sign-In"
      subtitle="Protect your account with a code from an authenticator app, asked for after your password."
    >
      {required && !status.enabled ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          Your role requires two-factor sign-in. Set it up to continue to the admin.
        </p>
      ) : null}
      {actionData?.recoveryCodes ? (
        <RecoveryCodesPanel codes={actionData.recoveryCodes} fresh={actionData.intent === 'confirm'} />
      ) : status.enabled ? (
        <TwoFactorEnabledPanel status={status} required={required} resultFor={resultFor} />
      ) : setup ? (
        <TwoFactorSetupPanel secret={setup.secret} qrCode={setup.qrCode} lastResult={resultFor('confirm')} />
      ) : null}
    </AdminPage>
  );
}
