import { CheckCircle2, Copy, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';

import { SiteDate } from '#app/components/site-date.tsx';
import { dangerButton, inputClass, primaryButton, secondaryButton } from '#app/components/ui/buttons.ts';
import { Card, Field, fieldAria } from '#app/components/ui/field.tsx';

function CodeForm(props: {
  intent: string;
  label: string;
  button: string;
  error?: string;
  danger?: boolean;
  hint?: string;
  digitsOnly?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === props.intent;
  const id = `code-${props.intent}`;
  return (
    <Form method="post" noValidate className="flex flex-wrap items-end gap-3" aria-label={props.button}>
      <input type="hidden" name="intent" value={props.intent} />
      <Field id={id} label={props.label} error={props.error} hint={props.hint} className="w-full max-w-xs">
        <input
          {...fieldAria(id, props.error, !!props.hint)}
          name="code"
          type="text"
          inputMode={props.digitsOnly ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          maxLength={props.digitsOnly ? 7 : 64}
          className={`${inputClass} font-mono tracking-widest`}
        />
      </Field>
      <button type="submit" className={props.danger ? dangerButton : primaryButton} disabled={busy}>
        {busy ? 'Checking…' : props.button}
      </button>
    </Form>
  );
}

/** Step one: scan (or type) the secret; step two: prove it with a first code. */
export function TwoFactorSetupPanel(props: { secret: string; qrCode: string; error?: string }) {
  return (
    <Card title="Set up two-factor sign-in">
      <ol className="list-decimal space-y-4 pl-5 text-sm text-gray-800">
        <li>
          <p>
            Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft Authenticator, 1Password or Aegis).
          </p>
          <img
            src={props.qrCode}
            alt="QR code for your authenticator app"
            width={192}
            height={192}
            className="mt-3 rounded-md ring-1 ring-gray-200"
          />
        </li>
        <li>
          <p>Or enter this key in the app by hand:</p>
          <p
            className="mt-2 rounded-md bg-gray-100 px-3 py-2 font-mono text-sm tracking-wider break-all text-gray-900"
            data-testid="two-factor-secret"
            aria-label="Secret key"
          >
            {props.secret}
          </p>
        </li>
        <li>
          <p className="mb-3">Enter the 6-digit code the app shows to turn two-factor sign-in on.</p>
          <CodeForm intent="confirm" label="Verification code" button="Turn on two-factor sign-in" error={props.error} digitsOnly />
        </li>
      </ol>
    </Card>
  );
}

/** Shown once, right after they are made: only their hashes are kept. */
export function RecoveryCodesPanel(props: { codes: string[]; fresh: boolean }) {
  const [copied, setCopied] = useState(false);
  return (
    <Card title="Save your recovery codes">
      {props.fresh ? (
        <p role="status" className="flex items-center gap-2 rounded-md bg-green-50 p-3 text-sm text-green-800">
          <CheckCircle2 className="size-4 shrink-0" aria-hidden />
          Two-factor sign-in is on.
        </p>
      ) : null}
      <p className="text-sm text-gray-700">
        If you lose your device, each of these codes signs you in once instead of a code from the app. Keep them somewhere safe: they will
        not be shown again.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-md bg-gray-100 p-4 font-mono text-sm text-gray-900 sm:grid-cols-5"
      >
        {props.codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            void navigator.clipboard?.writeText(props.codes.join('\n')).then(() => setCopied(true));
          }}
        >
          <Copy className="size-4" aria-hidden />
          {copied ? 'Copied' : 'Copy codes'}
        </button>
        <Link to="/admin/account/two-factor" className={primaryButton}>
          I have saved my codes
        </Link>
      </div>
    </Card>
  );
}

export function TwoFactorEnabledPanel(props: {
  status: { enabledAt: string | null; recoveryCodesLeft: number };
  required: boolean;
  errorFor: (intent: string) => string | undefined;
}) {
  return (
    <>
      <Card title="Two-factor sign-in is on">
        <p className="flex items-center gap-2 text-sm text-gray-800">
          <ShieldCheck className="size-4 shrink-0 text-green-700" aria-hidden />
          On since {props.status.enabledAt ? <SiteDate iso={props.status.enabledAt} /> : 'today'}. {props.status.recoveryCodesLeft} of 10
          recovery codes left.
        </p>
      </Card>
      <Card title="New recovery codes">
        <p className="text-sm text-gray-700">Makes ten new recovery codes; the old ones stop working.</p>
        <CodeForm
          intent="regenerate"
          label="Current code"
          hint="A code from your app, or a recovery code."
          button="Make new recovery codes"
          error={props.errorFor('regenerate')}
        />
      </Card>
      <Card title="Turn off two-factor sign-in">
        {props.required ? (
          <p className="text-sm text-gray-700">Your role requires two-factor sign-in, so it cannot be turned off.</p>
        ) : (
          <CodeForm
            intent="disable"
            label="Code to confirm"
            hint="A code from your app, or a recovery code."
            button="Turn off"
            danger
            error={props.errorFor('disable')}
          />
        )}
      </Card>
    </>
  );
}
