import type { Submission, SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';

import {
  RecoveryCodesPanel,
  TwoFactorEnabledPanel,
  TwoFactorSetupPanel,
  TwoFactorStartPanel,
} from '#app/components/admin/account/two-factor-panels.tsx';
import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { failureMessage, failureStatus, throwFailure } from '#app/http/failure.server.ts';
import { readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { hasPermission } from '#app/lib/permissions.ts';
import { twoFactorCodeSchema, twoFactorConfirmSchema, twoFactorStartSchema } from '#app/schemas/two-factor.ts';
import type { SessionUser } from '#app/services/auth/session-user.ts';
import { disableTwoFactor, regenerateRecoveryCodes, twoFactorStatus } from '#app/services/auth/two-factor.server.ts';
import { getTwoFactorPolicy } from '#app/services/auth/two-factor-policy.server.ts';
import {
  confirmTwoFactor,
  resumeTwoFactorSetup,
  startTwoFactorSetup,
  type TwoFactorSetup,
} from '#app/services/auth/two-factor-setup.server.ts';
import type { Failure } from '#app/services/failures.ts';

import type { Route } from './+types/two-factor';

export const meta: Route.MetaFunction = () => [{ title: 'Two-Factor Sign-In · Admin · Atelier' }];

const PAGE = '/admin/account/two-factor';

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, 'two-factor');
  const [status, policy] = await Promise.all([twoFactorStatus(user.id), getTwoFactorPolicy()]);
  const required = policy.requiredFor !== null && hasPermission(user, policy.requiredFor);
  return { status, required };
}

type Intent = 'start' | 'confirm' | 'regenerate' | 'disable';
type ShownSetup = Pick<TwoFactorSetup, 'secret' | 'qrCode' | 'setupToken'>;

const shown = (setup: TwoFactorSetup | null): ShownSetup | null =>
  setup ? { secret: setup.secret, qrCode: setup.qrCode, setupToken: setup.setupToken } : null;

/**
 * A refused submission back to its form (the answer names it: the page has up to two), with the
 * set-up still on screen when it was the first code that was refused; codes and passwords are never
 * sent back. A wrong password or code is said beside its field, too many attempts above the form
 * (429, with Retry-After); anything else (already on) is a status page.
 */
function refused(intent: Intent, submission: Submission<unknown>, failure?: Failure, setup: ShownSetup | null = null) {
  if (failure && failure.reason !== 'invalid' && failure.reason !== 'rate-limited') throwFailure(failure);
  const errors = !failure
    ? {}
    : failure.reason === 'invalid'
      ? { fieldErrors: failure.fieldErrors, formErrors: failure.formErrors }
      : { formErrors: [failureMessage(failure)] };
  const result = submission.reply({ ...errors, hideFields: ['code', 'password', 'setupToken'] }) as SubmissionResult<string[]>;
  const headers: HeadersInit = failure?.reason === 'rate-limited' ? { 'Retry-After': String(failure.retryAfterSeconds) } : {};
  return data({ intent, result, recoveryCodes: null, setup }, { status: failure ? failureStatus(failure) : 400, headers });
}

const REQUIRED_MESSAGE = 'Your role requires two-factor sign-in: it cannot be turned off.';

/** The policy's holders keep two-factor sign-in: turning it off is refused before anything is checked. */
async function requiredFor(user: SessionUser): Promise<boolean> {
  const policy = await getTwoFactorPolicy();
  return policy.requiredFor !== null && hasPermission(user, policy.requiredFor);
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'two-factor');
  const form = await readForm(request);
  const intent = form.get('intent');
  // The schemas' own messages are shown ('Enter the 6-digit code your app shows'), so Conform's coercion is off.
  if (intent === 'start') {
    const submission = parseWithZod(form, { schema: twoFactorStartSchema, disableAutoCoercion: true });
    if (submission.status !== 'success') return refused(intent, submission);
    const result = await startTwoFactorSetup({ user, password: submission.value.password });
    if (!result.ok) return refused(intent, submission, result);
    return { intent, result: undefined, recoveryCodes: null, setup: shown(result) };
  }
  if (intent === 'confirm') {
    const submission = parseWithZod(form, { schema: twoFactorConfirmSchema, disableAutoCoercion: true });
    const token = form.get('setupToken');
    // A refused code keeps the same set-up on screen (the QR code already scanned), while it is valid.
    const setup = async () => shown(typeof token === 'string' ? await resumeTwoFactorSetup(user, token) : null);
    if (submission.status !== 'success') return refused(intent, submission, undefined, await setup());
    const result = await confirmTwoFactor({ userId: user.id, ...submission.value });
    if (!result.ok) return refused(intent, submission, result, await setup());
    return { intent, result: undefined, recoveryCodes: result.recoveryCodes, setup: null };
  }
  if (intent === 'disable' || intent === 'regenerate') {
    const submission = parseWithZod(form, { schema: twoFactorCodeSchema, disableAutoCoercion: true });
    if (submission.status !== 'success') return refused(intent, submission);
    const input = { userId: user.id, ...submission.value };
    if (intent === 'disable') {
      if (await requiredFor(user)) {
        return refused(intent, submission, { ok: false, reason: 'invalid', fieldErrors: {}, formErrors: [REQUIRED_MESSAGE] });
      }
      const result = await disableTwoFactor(input);
      if (!result.ok) return refused(intent, submission, result);
      return redirectWithToast(PAGE, { type: 'success', message: 'Two-factor sign-in turned off' });
    }
    const result = await regenerateRecoveryCodes(input);
    if (!result.ok) return refused(intent, submission, result);
    return { intent, result: undefined, recoveryCodes: result.recoveryCodes, setup: null };
  }
  throw data({ message: 'Unknown action.' }, { status: 400 });
}

export default function TwoFactorScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { status, required } = loaderData;
  const resultFor = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);
  const setup = actionData?.setup ?? null;
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
        <TwoFactorSetupPanel {...setup} lastResult={resultFor('confirm')} />
      ) : (
        <TwoFactorStartPanel lastResult={resultFor('start') ?? resultFor('confirm')} />
      )}
    </AdminPage>
  );
}
