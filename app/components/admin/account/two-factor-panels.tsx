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
import { twoFactorCodeSchema, twoFactorConfirmSchema } from '#app/schemas/two-factor.ts';

/** The server's answer to one of the page's code forms, or nothing when it was about another one. */
export type CodeReply = SubmissionResult<string[]> | undefined;

/** A form asking for one code, on Conform with its schema; the code is never sent back by the server. */
function CodeForm(props: {
  intent: 'confirm' | 'regenerate' | 'disable';
  schema: typeof twoFactorConfirmSchema | typeof twoFactorCodeSchema;
  label: string;
  button: string;
  lastResult: CodeReply;
  danger?: boolean;
  hint?: string;
  digitsOnly?: boolean;
}) {
  const { schema } = props;
  const [form, fields] = useSchemaForm(schema, {
    id: `two-factor-${props.intent}`,
    lastResult: props.lastResult,
    coerce: false,
  });
  const code = fields.code;
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3" aria-label={props.button}>
      {form.errors?.length ? (
        <div className="w-full">
          <FormAlert errors={form.errors} conflict={false} />
        </div>
      ) : null}
      <Field id={code.id} label={props.label} error={code.errors?.[0]} hint={props.hint} className="w-full max-w-xs">
        <input
          {...getInputProps(code, { type: 'text', ariaDescribedBy: props.hint ? code.descriptionId : undefined })}
          inputMode={props.digitsOnly ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          className={`${inputClass} font-mono tracking-widest`}
        />
      </Field>
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

/** Step one: scan (or type) the secret; step two: prove it with a first code. */
export function TwoFactorSetupPanel(props: { secret: string; qrCode: string; lastResult: CodeReply }) {
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
          <CodeForm
            intent="confirm"
            schema={twoFactorConfirmSchema}
            label="Verification code"
            button="Turn on two-factor sign-in"
            lastResult={props.lastResult}
            digitsOnly
          />
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
        <CodeForm
          intent="regenerate"
          schema={twoFactorCodeSchema}
          label="Current code"
          hint="A code from your app, or a recovery code."
          button="Make new recovery codes"
          lastResult={props.resultFor('regenerate')}
        />
      </Card>
      <Card title="Turn off two-factor sign-in">
        {props.required ? (
          <p className="text-sm text-gray-700">Your role requires two-factor sign-in, so it cannot be turned off.</p>
        ) : (
          <CodeForm
            intent="disable"
            schema={twoFactorCodeSchema}
            label="Code to confirm"
            hint="A code from your app, or a recovery code."
            button="Turn off"
            danger
            lastResult={props.resultFor('disable')}
          />
        )}
      </Card>
    </>
  );
}
