import { getFormProps, getSelectProps } from '@conform-to/react';
import { KeyRound, type LucideIcon, ScrollText, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Form, Link } from 'react-router';

import { inputClass, secondaryButton } from '#app/components/ui/buttons.ts';
import { Card, Field } from '#app/components/ui/field.tsx';
import { SaveButton } from '#app/components/ui/save-button.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { PERMISSIONS } from '#app/lib/permissions.ts';
import { describeTransport, type RequestTransport } from '#app/lib/request-transport.ts';
import { twoFactorPolicySchema } from '#app/schemas/settings.ts';

import { SettingsAlert, type SettingsReply } from './settings-form.tsx';

export interface SecurityTabData {
  transport: RequestTransport | undefined;
  /** The permission whose holders must use two-factor sign-in, or null. */
  twoFactorRequiredFor: string | null;
  /** The signed-in user's own two-factor state. */
  twoFactorEnabled: boolean;
}

const TONES = {
  good: 'bg-green-50 text-green-800',
  warn: 'bg-amber-50 text-amber-900',
  bad: 'bg-red-50 text-red-800',
} as const;

/** One of the tab's tools: what it is for, and a button to its screen named as the row. */
function ToolRow(props: { title: string; description: string; to: string; icon: LucideIcon }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium text-gray-900">{props.title}</p>
        <p className="text-sm text-gray-600">{props.description}</p>
      </div>
      <div className="flex items-center gap-3">
        <Link to={props.to} className={secondaryButton}>
          <props.icon className="size-4" aria-hidden />
          {props.title}
        </Link>
      </div>
    </li>
  );
}

/** Spec 2.10's Security tab, made real: two-factor sign-in, API keys, the audit log and the truth about this connection. */
export function SecuritySettings({ security, lastResult }: { security: SecurityTabData; lastResult: SettingsReply }) {
  const defaultValue = { requiredFor: security.twoFactorRequiredFor ?? '' };
  const [form, fields] = useSchemaForm(twoFactorPolicySchema, {
    id: 'settings-security',
    lastResult,
    defaultValue: defaultValue,
    coerce: false,
  });
  const requiredFor = fields.requiredFor;
  const verdict = describeTransport(security.transport);
  const VerdictIcon = verdict.tone === 'good' ? ShieldCheck : ShieldAlert;
  return (
    <Card title="Security">
      <ul className="divide-y divide-gray-200">
        <ToolRow
          title="Enable 2FA"
          description={`Two-factor authentication for admin accounts. ${security.twoFactorEnabled ? 'On for your account.' : 'Off for your account.'}`}
          to="/admin/account/two-factor"
          icon={ShieldCheck}
        />
        <ToolRow
          title="Manage Keys"
          description="Personal API tokens for scripts and outside services, with chosen scopes and an expiry."
          to="/admin/account/tokens"
          icon={KeyRound}
        />
        <ToolRow
          title="View Logs"
          description="Sign-ins, security changes, settings and content events."
          to="/admin/settings/audit"
          icon={ScrollText}
        />
      </ul>
      <Form
        method="post"
        {...getFormProps(form)}
        noValidate
        aria-label="Two-factor requirement"
        className="flex flex-wrap items-end gap-3 border-t border-gray-200 pt-4"
      >
        <input type="hidden" name="intent" value="two-factor-policy" />
        <SettingsAlert form={form} />
        <Field
          id={requiredFor.id}
          label="Require two-factor sign-in for"
          error={requiredFor.errors?.[0]}
          hint="Everyone whose role holds this permission must set up two-factor sign-in before using the admin."
          className="w-full max-w-md"
        >
          <select {...getSelectProps(requiredFor, { ariaDescribedBy: requiredFor.descriptionId })} className={inputClass}>
            <option value="">Nobody (optional for everyone)</option>
            {PERMISSIONS.map((permission) => (
              <option key={permission} value={permission}>
                Everyone who holds {permission}
              </option>
            ))}
          </select>
        </Field>
        <SaveButton value="two-factor-policy" label="Save Requirement" />
      </Form>
      <p className={`flex items-start gap-2 rounded-md p-3 text-sm ${TONES[verdict.tone]}`} data-testid="connection-security">
        <VerdictIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{verdict.text}</span>
      </p>
    </Card>
  );
}
