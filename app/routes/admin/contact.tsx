import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form } from 'react-router';

import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { inputClass } from '#app/components/ui/buttons.ts';
import { Card, Field, fieldAria } from '#app/components/ui/field.tsx';
import { FormAlert } from '#app/components/ui/form-alert.tsx';
import { SaveButton } from '#app/components/ui/save-button.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { replyInvalid, replyWithFailure } from '#app/http/failure.server.ts';
import { formText, readForm } from '#app/http/form.server.ts';
import { requirePermission } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { otherLanguages } from '#app/i18n/languages.ts';
import { type ContactSettings, contactSettingsSchema } from '#app/schemas/contact-settings.ts';
import { postedTranslations } from '#app/schemas/per-language.ts';
import { CONTACT_KEYS, getContactSettings, saveContactSettings } from '#app/services/contact/contact-settings.server.ts';
import { siteContentLanguage } from '#app/services/content/content-language.server.ts';
import { settingsVersion } from '#app/services/settings/settings-store.server.ts';

import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = () => [{ title: 'Contact Settings · Admin' }];

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'manage_settings');
  const defaultLanguage = await siteContentLanguage();
  return {
    values: await getContactSettings(),
    version: await settingsVersion(CONTACT_KEYS),
    // The description in each of the site's other languages (decision 030).
    otherLanguages: otherLanguages(defaultLanguage),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, 'manage_settings');
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: contactSettingsSchema });
  if (submission.status !== 'success') return replyInvalid(submission);
  // Checked against the version the screen was opened at: someone else's save is never undone silently.
  const settings = { ...submission.value, translations: postedTranslations(form, submission.value.translations) };
  const result = await saveContactSettings(user, settings, formText(form, 'version') || undefined);
  if (!result.ok) return replyWithFailure(submission, result);
  return redirectWithToast('/admin/contact', { type: 'success', message: 'Contact settings saved successfully!' });
}

const FIELDS: {
  name: Exclude<keyof ContactSettings, 'translations'>;
  label: string;
  type: 'text' | 'email' | 'tel' | 'url' | 'textarea';
  placeholder?: string;
}[] = [
  { name: 'address', label: 'Address', type: 'textarea' },
  { name: 'email', label: 'Email', type: 'email', placeholder: 'hello@example.com' },
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'description', label: 'Contact Description', type: 'textarea' },
  { name: 'twitter', label: 'Twitter URL', type: 'url', placeholder: 'https://twitter.com/…' },
  { name: 'linkedin', label: 'LinkedIn URL', type: 'url', placeholder: 'https://www.linkedin.com/…' },
  { name: 'instagram', label: 'Instagram URL', type: 'url', placeholder: 'https://www.instagram.com/…' },
];

/**
 * Contact Settings (docs/product.md, Contact settings): the contact details and social links shown in the public
 * contact section and footer. Checked on the server (the messages are the server's, with or without the
 * script); a refusal comes back as Conform's reply with the typed values and a message beside each field.
 */
export default function ContactSettingsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const lastResult = actionData?.result as SubmissionResult<string[]> | undefined;
  const [form, fields] = useSchemaForm(contactSettingsSchema, {
    id: 'contact-settings',
    lastResult,
    defaultValue: loaderData.values,
    serverOnly: true,
  });
  const refused = lastResult?.status === 'error';
  const conflict = !!actionData && 'conflict' in actionData && !!actionData.conflict;
  const control = (field: (typeof FIELDS)[number]) => {
    const id = `contact-${field.name}`;
    const meta = fields[field.name];
    const error = meta.errors?.[0];
    const common = {
      ...fieldAria(id, error),
      name: meta.name,
      defaultValue: meta.initialValue ?? '',
      required: meta.required,
      maxLength: meta.maxLength,
      className: inputClass,
    };
    return (
      <Field key={field.name} id={id} label={field.label} error={error}>
        {field.type === 'textarea' ? (
          <textarea key={meta.key} {...common} rows={3} />
        ) : (
          <input key={meta.key} {...common} type={field.type} placeholder={field.placeholder} autoComplete="off" />
        )}
      </Field>
    );
  };
  return (
    <AdminPage title="Contact Settings" subtitle="The contact details and social links shown on the public site.">
      <FormAlert
        errors={
          conflict
            ? (lastResult?.error?.[''] ?? undefined)
            : refused
              ? ['The settings were not saved. Correct the fields marked below.']
              : undefined
        }
        conflict={conflict}
      />
      {/* noValidate: the server's messages are the ones shown, the same with or without the script. */}
      <Form method="post" {...getFormProps(form)} noValidate className="grid max-w-5xl gap-6 lg:grid-cols-2">
        <input type="hidden" name="version" value={loaderData.version} />
        <Card title="Contact Information">
          {FIELDS.slice(0, 4).map(control)}
          {loaderData.otherLanguages.map(({ code, label }) => {
            const id = `contact-description-${code}`;
            return (
              <Field key={code} id={id} label={`Contact Description (${label})`} hint="Left empty, the description above is shown.">
                <textarea
                  id={id}
                  aria-describedby={`${id}-hint`}
                  name={`translations.${code}.description`}
                  defaultValue={loaderData.values.translations?.[code]?.description ?? ''}
                  maxLength={1000}
                  rows={3}
                  className={inputClass}
                />
              </Field>
            );
          })}
        </Card>
        <Card title="Social Links">{FIELDS.slice(4).map(control)}</Card>
        <div className="lg:col-span-2">
          <SaveButton />
        </div>
      </Form>
    </AdminPage>
  );
}
