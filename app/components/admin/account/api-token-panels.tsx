import { Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Form, useNavigation } from 'react-router';

import { type Column, DataTable } from '#app/components/admin/data-table.tsx';
import { inputClass, primaryButton, rowAction, secondaryButton } from '#app/components/ui/buttons.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { Card, Field, fieldAria } from '#app/components/ui/field.tsx';
import { TOKEN_LIFETIMES } from '#app/schemas/api-token.ts';
import type { ApiTokenSummary } from '#app/services/auth/api-tokens.server.ts';

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

export function ApiTokenForm(props: { held: readonly string[]; errors: Record<string, string> }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'create';
  const { errors } = props;
  return (
    <Form method="post" noValidate aria-label="New API token">
      <Card title="New token">
        {errors.form ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {errors.form}
          </p>
        ) : null}
        <input type="hidden" name="intent" value="create" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="token-name" label="Name" error={errors.name} hint="What the token is for, e.g. “Deploy script”.">
            <input {...fieldAria('token-name', errors.name, true)} name="name" type="text" maxLength={100} className={inputClass} />
          </Field>
          <Field id="token-expiry" label="Expires after" error={errors.expiresInDays}>
            <select {...fieldAria('token-expiry', errors.expiresInDays)} name="expiresInDays" defaultValue="30" className={inputClass}>
              {TOKEN_LIFETIMES.map((lifetime) => (
                <option key={lifetime.days} value={lifetime.days}>
                  {lifetime.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <fieldset aria-describedby={errors.scopes ? 'token-scopes-error' : 'token-scopes-hint'}>
          <legend className="mb-1 text-sm font-medium text-gray-800">Scopes</legend>
          <p id="token-scopes-hint" className="mb-2 text-xs text-gray-600">
            Only permissions your role holds. The token never does more than you can, even if you later lose a permission.
          </p>
          <div className="grid gap-2 sm:grid-cols-3">
            {props.held.map((permission) => (
              <label key={permission} className="flex items-center gap-2 text-sm text-gray-800">
                <input type="checkbox" name="scopes" value={permission} className="size-4 rounded border-gray-300" />
                <span className="font-mono">{permission}</span>
              </label>
            ))}
          </div>
          {errors.scopes ? (
            <p id="token-scopes-error" className="mt-1 text-sm text-red-700">
              {errors.scopes}
            </p>
          ) : null}
        </fieldset>
        <div className="flex justify-end border-t border-gray-200 pt-4">
          <button type="submit" className={primaryButton} disabled={busy}>
            <KeyRound className="size-4" aria-hidden />
            {busy ? 'Creating…' : 'Create Token'}
          </button>
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
