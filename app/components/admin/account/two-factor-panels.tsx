import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react';
import { CheckCircle2, Copy, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Form, Link } from 'react-router';

import { SiteDate } from '#app/components/site-date.tsx';
import { dangerButton, inputClass, primaryButton, secondaryButton } from '#app/components/ui/buttons.ts';
import { Card, Field } from '#app/components/ui/field.tsx';
import { FormAlert } from '#app/components/ui/form-alert.tsx';
import { SaveButton } from '#app/components/ui/save-button.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { twoFactorCodeSchema, twoFactorConfirmSchema, twoFactorStartSchema } from '#app/schemas/two-factor.ts';

import { CurrentPasswordField } from './account-forms.tsx';

/** The server's answer to one of the page's forms, or nothing when it was about another one. */
export type CodeReply = SubmissionResult<string[]> | undefined;

/** Turning off and new recovery codes: the current password, then a current code. */
function PasswordAndCodeForm(props: {
  intent: 'regenerate' | 'disable';
  label: string;
  button: string;
  lastResult: CodeReply;
  danger?: boolean;
}) {
  const [form, fields] = useSchemaForm(twoFactorCodeSchema, {
    id: `two-factor-${props.intent}`,
    lastResult: props.lastResult,
    coerce: false,
  });
  const code = fields.code;
  const hint = 'A code from your app, or a recovery code.';
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" aria-label={props.button}>
      <FormAlert errors={form.errors} conflict={false} />
      <div className="grid max-w-xl grid-cols-1 gap-4 sm:grid-cols-2">
        <CurrentPasswordField field={fields.password} />
        <Field id={code.id} label={props.label} error={code.errors?.[0]} hint={hint}>
          <input
            {...getInputProps(code, { type: 'text', ariaDescribedBy: code.descriptionId })}
            autoComplete="one-time-code"
            className={`${inputClass} font-mono tracking-widest`}
          />
        </Field>
      </div>
      <SaveButton
        name="intent"
        value={props.intent}
        label={props.button}
        pendingLabel="Checking…"
        icon={null}
        className={props.danger ? dangerButton : primaryButton}
      />
    </Form>
  );
}

/** Before any secret is shown: the current password, so a session left open is not enough to enrol someone else's phone. */
export function TwoFactorStartPanel(props: { lastResult: CodeReply }) {
  const [form, fields] = useSchemaForm(twoFactorStartSchema, { id: 'two-factor-start', lastResult: props.lastResult, coerce: false });
  return (
    <Card title="Set up two-factor sign-in">
      <Form method="post" {...getFormProps(form)} className="space-y-4" aria-label="Start set-up">
        <FormAlert errors={form.errors} conflict={false} />
        <p className="text-sm text-gray-700">Enter your password to get a new secret for your authenticator app.</p>
        <div className="max-w-xs">
          <CurrentPasswordField field={fields.password} />
        </div>
        <SaveButton name="intent" value="start" label="Start set-up" pendingLabel="Checking…" icon={null} />
      </Form>
    </Card>
  );
}

/** The set-up's first code, posted with the sealed set-up it belongs to. */
function ConfirmForm(props: { setupToken: string; lastResult: CodeReply }) {
  const [form, fields] = useSchemaForm(twoFactorConfirmSchema, { id: 'two-factor-confirm', lastResult: props.lastResult, coerce: false });
  const code = fields.code;
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3" aria-label="Turn on two-factor sign-in">
      {form.errors?.length ? (
        <div className="w-full">
          <FormAlert errors={form.errors} conflict={false} />
        </div>
      ) : null}
      <input type="hidden" name="setupToken" value={props.setupToken} />
      <Field id={code.id} label="Verification code" error={code.errors?.[0]} className="w-full max-w-xs">
        <input
          {...getInputProps(code, { type: 'text' })}
          inputMode="numeric"
          autoComplete="one-time-code"
          className={`${inputClass} font-mono tracking-widest`}
        />
      </Field>
      <SaveButton name="intent" value="confirm" label="Turn on two-factor sign-in" pendingLabel="Checking…" icon={null} />
    </Form>
  );
}

/** Step one: scan (or type) the secret; step two: prove it with a first code. */
export function TwoFactorSetupPanel(props: { secret: string; qrCode: string; setupToken: string; lastResult: CodeReply }) {
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
          <p className="mb-3">
            Enter the 6-digit code the app shows to turn two-factor sign-in on. This key works for 15 minutes; each new set-up gets a new
            one.
          </p>
          <ConfirmForm setupToken={props.setupToken} lastResult={props.lastResult} />
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
  resultFor: (intent: 'regenerate' | 'disable') => CodeReply;
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
        <PasswordAndCodeForm
          intent="regenerate"
          label="Current code"
          button="Make new recovery codes"
          lastResult={props.resultFor('regenerate')}
        />
      </Card>
      <Card title="Turn off two-factor sign-in">
        {props.required ? (
          <p className="text-sm text-gray-700">Your role requires two-factor sign-in, so it cannot be turned off.</p>
        ) : (
          <PasswordAndCodeForm intent="disable" label="Code to confirm" button="Turn off" danger lastResult={props.resultFor('disable')} />
        )}
      </Card>
    </>
  );
}
