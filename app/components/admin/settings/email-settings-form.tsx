import { getFormProps, getInputProps } from '@conform-to/react';
import { Form, useNavigation } from 'react-router';

import { inputClass, secondaryButton } from '#app/components/ui/buttons.ts';
import { Card, Field } from '#app/components/ui/field.tsx';
import { SaveButton } from '#app/components/ui/save-button.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { emailSettingsSchema } from '#app/schemas/settings.ts';
import type { EmailSettingsView } from '#app/services/settings/settings.server.ts';

import { SettingsAlert, type SettingsReply } from './settings-form.tsx';

/** The Email tab: SMTP details, saved on their own; the stored password is never sent back to the browser. */
export function EmailSettingsForm({ email, lastResult }: { email: EmailSettingsView; lastResult: SettingsReply }) {
  const { hasPassword: _hasPassword, ...values } = email;
  const [form, fields] = useSchemaForm(emailSettingsSchema, {
    id: 'settings-email',
    lastResult,
    defaultValue: values,
    coerce: false,
  });
  const navigation = useNavigation();
  const testing = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'test-connection';
  const passwordHint = email.hasPassword ? 'A password is stored. Leave empty to keep it.' : 'No password stored yet.';
  return (
    <Form method="post" {...getFormProps(form)} noValidate aria-label="Email settings">
      <Card title="Email Settings">
        <SettingsAlert form={form} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={fields.smtpHost.id} label="SMTP Host" error={fields.smtpHost.errors?.[0]}>
            <input {...getInputProps(fields.smtpHost, { type: 'text' })} placeholder="smtp.example.com" className={inputClass} />
          </Field>
          <Field id={fields.smtpPort.id} label="SMTP Port" error={fields.smtpPort.errors?.[0]}>
            <input {...getInputProps(fields.smtpPort, { type: 'number' })} inputMode="numeric" placeholder="587" className={inputClass} />
          </Field>
          <Field id={fields.smtpUsername.id} label="Username" error={fields.smtpUsername.errors?.[0]}>
            <input {...getInputProps(fields.smtpUsername, { type: 'text' })} autoComplete="off" className={inputClass} />
          </Field>
          <Field id={fields.smtpPassword.id} label="Password" error={fields.smtpPassword.errors?.[0]} hint={passwordHint}>
            <input
              {...getInputProps(fields.smtpPassword, { type: 'password', ariaDescribedBy: fields.smtpPassword.descriptionId })}
              autoComplete="new-password"
              className={inputClass}
            />
          </Field>
          <Field id={fields.fromEmail.id} label="From Email" error={fields.fromEmail.errors?.[0]} className="sm:col-span-2">
            <input {...getInputProps(fields.fromEmail, { type: 'email' })} placeholder="noreply@example.com" className={inputClass} />
          </Field>
        </div>
        {/* On a phone the two buttons stack at full width; from sm up they sit side by side on the right. */}
        <div className="grid gap-2 border-t border-gray-200 pt-4 sm:flex sm:flex-wrap sm:justify-end">
          {/* Save comes first: pressing Enter in a field saves rather than tests. */}
          <SaveButton name="intent" value="email" label="Save Email Settings" />
          <button type="submit" name="intent" value="test-connection" className={secondaryButton} disabled={testing}>
            {testing ? 'Testing…' : 'Test Connection'}
          </button>
        </div>
      </Card>
    </Form>
  );
}
