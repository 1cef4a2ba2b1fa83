import { Form, useNavigation } from 'react-router';

import { inputClass, primaryButton, secondaryButton } from '#app/components/ui/buttons.ts';
import { Card, Field, fieldAria } from '#app/components/ui/field.tsx';
import type { EmailSettingsView } from '#app/services/settings/settings.server.ts';

import { FormErrorSummary } from './form-error-summary.tsx';

/** The Email tab: SMTP details, saved on their own; the stored password is never sent back to the browser. */
export function EmailSettingsForm({ email, errors }: { email: EmailSettingsView; errors: Record<string, string> }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const passwordHint = email.hasPassword ? 'A password is stored. Leave empty to keep it.' : 'No password stored yet.';
  return (
    <Form method="post" noValidate aria-label="Email settings">
      <Card title="Email Settings">
        <FormErrorSummary errors={errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="smtpHost" label="SMTP Host" error={errors.smtpHost}>
            <input
              {...fieldAria('smtpHost', errors.smtpHost)}
              name="smtpHost"
              type="text"
              defaultValue={email.smtpHost}
              placeholder="smtp.example.com"
              className={inputClass}
            />
          </Field>
          <Field id="smtpPort" label="SMTP Port" error={errors.smtpPort}>
            <input
              {...fieldAria('smtpPort', errors.smtpPort)}
              name="smtpPort"
              type="number"
              inputMode="numeric"
              min={1}
              max={65535}
              defaultValue={email.smtpPort ?? ''}
              placeholder="587"
              className={inputClass}
            />
          </Field>
          <Field id="smtpUsername" label="Username" error={errors.smtpUsername}>
            <input
              {...fieldAria('smtpUsername', errors.smtpUsername)}
              name="smtpUsername"
              type="text"
              autoComplete="off"
              defaultValue={email.smtpUsername}
              className={inputClass}
            />
          </Field>
          <Field id="smtpPassword" label="Password" error={errors.smtpPassword} hint={passwordHint}>
            <input
              {...fieldAria('smtpPassword', errors.smtpPassword, true)}
              name="smtpPassword"
              type="password"
              autoComplete="new-password"
              defaultValue=""
              className={inputClass}
            />
          </Field>
          <Field id="fromEmail" label="From Email" error={errors.fromEmail} className="sm:col-span-2">
            <input
              {...fieldAria('fromEmail', errors.fromEmail)}
              name="fromEmail"
              type="email"
              defaultValue={email.fromEmail}
              placeholder="noreply@example.com"
              className={inputClass}
            />
          </Field>
        </div>
        <div className="flex flex-wrap justify-end gap-2 border-t border-gray-200 pt-4">
          {/* Save comes first: pressing Enter in a field saves rather than tests. */}
          <button type="submit" name="intent" value="email" className={primaryButton} disabled={!!busy}>
            {busy === 'email' ? 'Saving…' : 'Save Email Settings'}
          </button>
          <button type="submit" name="intent" value="test-connection" className={secondaryButton} disabled={!!busy}>
            {busy === 'test-connection' ? 'Testing…' : 'Test Connection'}
          </button>
        </div>
      </Card>
    </Form>
  );
}
