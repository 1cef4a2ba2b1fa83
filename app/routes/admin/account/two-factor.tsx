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

const codeError = (error: { issues: { message: string }[] }) => error.issues[0]?.message ?? 'Enter the code from your authenticator app';

export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'two-factor');
  const form = await readForm(request);
  const intent = form.get('intent');
  const fields = Object.fromEntries(form);
  if (intent === 'confirm') {
    const parsed = twoFactorConfirmSchema.safeParse(fields);
    if (!parsed.success) return data({ intent, error: codeError(parsed.error), recoveryCodes: null }, { status: 400 });
    const result = await confirmTwoFactor({ userId: user.id, code: parsed.data.code });
    if (!result.ok) {
      if (result.reason !== 'invalid') throwFailure(result);
      return data({ intent, error: result.fieldErrors.code?.[0] ?? 'That code is not right.', recoveryCodes: null }, { status: 400 });
    }
    return { intent, error: null, recoveryCodes: result.recoveryCodes };
  }
  if (intent === 'disable' || intent === 'regenerate') {
    const parsed = twoFactorCodeSchema.safeParse(fields);
    if (!parsed.success) return data({ intent, error: codeError(parsed.error), recoveryCodes: null }, { status: 400 });
    if (intent === 'disable') {
      const policy = await getTwoFactorPolicy();
      if (policy.requiredFor && hasPermission(user, policy.requiredFor)) {
        return data(
          { intent, error: 'Your role requires two-factor sign-in: it cannot be turned off.', recoveryCodes: null },
          { status: 403 },
        );
      }
      const result = await disableTwoFactor({ userId: user.id, code: parsed.data.code });
      if (!result.ok) return data({ intent, error: 'That code is not right.', recoveryCodes: null }, { status: 400 });
      return redirectWithToast(PAGE, { type: 'success', message: 'Two-factor sign-in turned off' });
    }
    const result = await regenerateRecoveryCodes({ userId: user.id, code: parsed.data.code });
    if (!result.ok) return data({ intent, error: 'That code is not right.', recoveryCodes: null }, { status: 400 });
    return { intent, error: null, recoveryCodes: result.recoveryCodes };
  }
  return data({ intent: 'none', error: 'Unknown action.', recoveryCodes: null }, { status: 400 });
}

export default function TwoFactorScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { status, required, setup } = loaderData;
  const errorFor = (intent: string) => (actionData && actionData.intent === intent ? (actionData.error ?? undefined) : undefined);
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
        <TwoFactorEnabledPanel status={status} required={required} errorFor={errorFor} />
      ) : setup ? (
        <TwoFactorSetupPanel secret={setup.secret} qrCode={setup.qrCode} error={errorFor('confirm')} />
      ) : null}
    </AdminPage>
  );
}
