import { getCollectionProps, getFormProps, getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react';
import { Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Form } from 'react-router';

import { type Column, DataTable } from '#app/components/admin/data-table.tsx';
import { inputClass, rowAction, secondaryButton } from '#app/components/ui/buttons.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { Card, Field } from '#app/components/ui/field.tsx';
import { FormAlert } from '#app/components/ui/form-alert.tsx';
import { SaveButton } from '#app/components/ui/save-button.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { apiTokenSchema, TOKEN_LIFETIMES } from '#app/schemas/api-token.ts';
import type { ApiTokenSummary } from '#app/services/auth/api-tokens.server.ts';

import { CurrentPasswordField } from './account-forms.tsx';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : 'Never');

/** Shown once, right after creation: only a hash of the token is kept. */
export function NewTokenPanel(props: { name: string; token: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Card title={`Token created: ${props.name}`}>
      <p role="status" className="text-sm text-gray-800">
        Copy this token now: it will not be shown again. Send it as <code className="font-mono">Authorization: Bearer &lt;token&gt;</code>.
      </p>
      <p
        className="rounded-md bg-gray-100 px-3 py-2 font-mono text-sm break-all text-gray-900"
        data-testid="new-api-token"
        aria-label="New API token"
      >
        {props.token}
      </p>
      <button
        type="button"
        className={secondaryButton}
        onClick={() => {
          void navigator.clipboard?.writeText(props.token).then(() => setCopied(true));
        }}
      >
        <Copy className="size-4" aria-hidden />
        {copied ? 'Copied' : 'Copy token'}
      </button>
    </Card>
  );
}

/** The new-token form, on Conform with the token schema; only the permissions the user holds are offered as scopes. */
export function ApiTokenForm(props: {
  held: readonly string[];
  active: number;
  maxActive: number;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useSchemaForm(apiTokenSchema, {
    id: 'api-token',
    lastResult: props.lastResult,
    defaultValue: { expiresInDays: 30 },
  });
  const scopesError = fields.scopes.errors?.[0];
  return (
    <Form method="post" {...getFormProps(form)} aria-label="New API token">
      <Card title="New token">
        <FormAlert errors={form.errors} conflict={false} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={fields.name.id} label="Name" error={fields.name.errors?.[0]} hint="What the token is for, e.g. “Deploy script”.">
            <input
              {...getInputProps(fields.name, { type: 'text', ariaDescribedBy: fields.name.descriptionId })}
              autoComplete="off"
              className={inputClass}
            />
          </Field>
          <Field id={fields.expiresInDays.id} label="Expires after" error={fields.expiresInDays.errors?.[0]}>
            <select {...getSelectProps(fields.expiresInDays)} className={inputClass}>
              {TOKEN_LIFETIMES.map((lifetime) => (
                <option key={lifetime.days} value={lifetime.days}>
                  {lifetime.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <fieldset aria-describedby={scopesError ? fields.scopes.errorId : fields.scopes.descriptionId}>
          <legend className="mb-1 text-sm font-medium text-gray-800">Scopes</legend>
          <p id={fields.scopes.descriptionId} className="mb-2 text-xs text-gray-600">
            Only permissions your role holds. The token never does more than you can, even if you later lose a permission.
          </p>
          <div className="grid gap-2 sm:grid-cols-3">
            {getCollectionProps(fields.scopes, { type: 'checkbox', options: [...props.held] }).map(({ key, ...checkbox }) => (
              <label key={key} className="flex items-center gap-2 text-sm text-gray-800">
                <input {...checkbox} className="size-4 rounded border-gray-300" />
                <span className="font-mono">{checkbox.value}</span>
              </label>
            ))}
          </div>
          {scopesError ? (
            <p id={fields.scopes.errorId} className="mt-1 text-sm text-red-700">
              {scopesError}
            </p>
          ) : null}
        </fieldset>
        <div className="max-w-xs">
          <CurrentPasswordField field={fields.password} hint="A token acts as you: confirm with your password." />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 pt-4">
          <p className="text-sm text-gray-700" data-testid="active-token-count">
            {props.active >= props.maxActive
              ? `You have ${props.active} active tokens, the most allowed: revoke one before creating another.`
              : `${props.active} of ${props.maxActive} active tokens.`}
          </p>
          <SaveButton
            name="intent"
            value="create"
            label="Create Token"
            pendingLabel="Creating…"
            icon={<KeyRound className="size-4" aria-hidden />}
          />
        </div>
      </Card>
    </Form>
  );
}

function RevokeButton({ token }: { token: ApiTokenSummary }) {
  const [open, setOpen] = useState(false);
  const formId = `revoke-${token.id}`;
  return (
    <>
      <Form method="post" id={formId}>
        <input type="hidden" name="intent" value="revoke" />
        <input type="hidden" name="tokenId" value={token.id} />
      </Form>
      <button type="button" className={`${rowAction} text-red-700`} onClick={() => setOpen(true)} aria-label={`Revoke ${token.name}`}>
        Revoke
      </button>
      <ConfirmDialog
        open={open}
        title="Revoke token"
        message={`Are you sure you want to revoke “${token.name}”? Anything using it stops working at once.`}
        confirmLabel="Revoke"
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          (document.getElementById(formId) as HTMLFormElement | null)?.requestSubmit();
        }}
      />
    </>
  );
}

const STATUS_STYLE = {
  active: 'bg-green-100 text-green-800',
  expired: 'bg-gray-100 text-gray-700',
  revoked: 'bg-red-100 text-red-800',
} as const;

const columns: Column<ApiTokenSummary>[] = [
  {
    header: 'Name',
    cell: (token) => (
      <span>
        <span className="block font-medium text-gray-900">{token.name}</span>
        <span className="font-mono text-xs text-gray-600">{token.prefix}…</span>
      </span>
    ),
  },
  { header: 'Scopes', className: 'max-w-xs break-words font-mono text-xs text-gray-800', cell: (token) => token.scopes.join(', ') },
  { header: 'Created', className: 'whitespace-nowrap text-gray-700', cell: (token) => day(token.createdAt) },
  { header: 'Expires', className: 'whitespace-nowrap text-gray-700', cell: (token) => day(token.expiresAt) },
  { header: 'Last used', className: 'whitespace-nowrap text-gray-700', cell: (token) => day(token.lastUsedAt) },
  {
    header: 'Status',
    cell: (token) => (
      <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium capitalize ${STATUS_STYLE[token.status]}`}>
        {token.status}
      </span>
    ),
  },
  { header: 'Actions', srOnly: true, cell: (token) => (token.status === 'active' ? <RevokeButton token={token} /> : null) },
];

export function ApiTokenList({ tokens }: { tokens: ApiTokenSummary[] }) {
  return <DataTable columns={columns} rows={tokens} empty="No tokens yet." caption="Your API tokens" />;
}
