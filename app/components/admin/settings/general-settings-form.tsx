import { getFormProps, getInputProps, getSelectProps } from '@conform-to/react';
import { useRef } from 'react';
import { Form } from 'react-router';

import { inputClass } from '#app/components/ui/buttons.ts';
import { Card, Field } from '#app/components/ui/field.tsx';
import { SaveButton } from '#app/components/ui/save-button.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { LANGUAGE_OPTIONS, otherLanguages } from '#app/i18n/languages.ts';
import { DATE_FORMAT_OPTIONS, TIME_FORMAT_OPTIONS } from '#app/lib/format-date.ts';
import { generalSettingsSchema, TIMEZONE_OPTIONS } from '#app/schemas/settings.ts';
import type { SiteSettings } from '#app/services/settings/defaults.ts';

import { ImageField } from '../image-field.tsx';
import { UnsavedChangesDialog } from '../unsaved-changes-dialog.tsx';
import { useUnsavedChanges } from '../use-unsaved-changes.ts';
import { SettingsAlert, type SettingsReply } from './settings-form.tsx';

const LOGO_LABELS = { label: 'Logo URL', chooseLabel: 'Upload', removeLabel: 'Remove logo', previewAlt: 'Logo preview' };
const FAVICON_LABELS = {
  label: 'Favicon URL',
  chooseLabel: 'Choose Favicon',
  removeLabel: 'Remove favicon',
  previewAlt: 'Favicon preview',
  icon: true,
};

/** The General tab (docs/product.md, Settings): Save Changes appears once a setting differs from what was loaded (docs/product.md, States). */
export function GeneralSettingsForm({ site, lastResult }: { site: SiteSettings; lastResult: SettingsReply }) {
  const [form, fields] = useSchemaForm(generalSettingsSchema, {
    id: 'settings-general',
    lastResult,
    defaultValue: site,
    coerce: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const { canSave, recheck, blocker } = useUnsavedChanges(formRef);
  const selects = [
    { field: fields.language, label: 'Language', options: LANGUAGE_OPTIONS },
    { field: fields.timezone, label: 'Timezone', options: TIMEZONE_OPTIONS.map((zone) => ({ value: zone, label: zone })) },
    { field: fields.dateFormat, label: 'Date Format', options: DATE_FORMAT_OPTIONS },
    { field: fields.timeFormat, label: 'Time Format', options: TIME_FORMAT_OPTIONS },
  ];
  return (
    <Form method="post" {...getFormProps(form)} noValidate ref={formRef} onInput={recheck} onChange={recheck} aria-label="General settings">
      <input type="hidden" name="intent" value="general" />
      <Card title="General Settings">
        <SettingsAlert form={form} />
        <Field id={fields.siteName.id} label="Site Name" error={fields.siteName.errors?.[0]}>
          <input {...getInputProps(fields.siteName, { type: 'text' })} className={inputClass} />
        </Field>
        <div className="flex items-center gap-2">
          <input {...getInputProps(fields.showSiteName, { type: 'checkbox' })} className="size-4 rounded border-gray-300 text-blue-700" />
          <label htmlFor={fields.showSiteName.id} className="text-sm font-medium text-gray-800">
            Show Site Name
          </label>
        </div>
        <Field id={fields.tagline.id} label="Tagline" error={fields.tagline.errors?.[0]}>
          <input {...getInputProps(fields.tagline, { type: 'text' })} className={inputClass} />
        </Field>
        {otherLanguages(site.language).map(({ code, label }) => (
          <fieldset key={code} className="space-y-3 rounded-md border border-gray-200 p-3">
            <legend className="px-1 text-sm font-medium text-gray-800">In {label}</legend>
            <Field id={`site-name-${code}`} label={`Site Name (${label})`} hint="Left empty, the site name above is shown.">
              <input
                id={`site-name-${code}`}
                aria-describedby={`site-name-${code}-hint`}
                name={`translations.${code}.siteName`}
                type="text"
                maxLength={100}
                defaultValue={site.translations?.[code]?.siteName ?? ''}
                className={inputClass}
              />
            </Field>
            <Field id={`tagline-${code}`} label={`Tagline (${label})`} hint="Left empty, the tagline above is shown.">
              <input
                id={`tagline-${code}`}
                aria-describedby={`tagline-${code}-hint`}
                name={`translations.${code}.tagline`}
                type="text"
                maxLength={200}
                defaultValue={site.translations?.[code]?.tagline ?? ''}
                className={inputClass}
              />
            </Field>
          </fieldset>
        ))}
        <ImageField
          name={fields.logo.name}
          defaultValue={fields.logo.initialValue ?? ''}
          labels={LOGO_LABELS}
          error={fields.logo.errors?.[0]}
        />
        <ImageField
          name={fields.favicon.name}
          defaultValue={fields.favicon.initialValue ?? ''}
          labels={FAVICON_LABELS}
          error={fields.favicon.errors?.[0]}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {selects.map(({ field, label, options }) => (
            <Field key={field.name} id={field.id} label={label} error={field.errors?.[0]}>
              <select {...getSelectProps(field)} className={inputClass}>
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </Field>
          ))}
        </div>
        <div>
          <div className="flex items-center gap-2">
            <input
              {...getInputProps(fields.includeFallbacks, { type: 'checkbox', ariaDescribedBy: `${fields.includeFallbacks.id}-hint` })}
              className="size-4 rounded border-gray-300 text-blue-700"
            />
            <label htmlFor={fields.includeFallbacks.id} className="text-sm font-medium text-gray-800">
              Include fallbacks in lists
            </label>
          </div>
          <p id={`${fields.includeFallbacks.id}-hint`} className="mt-1 text-xs text-gray-600">
            The blog and the feed of each other language also show the posts not yet translated into it, marked with their language.
          </p>
        </div>
        {canSave ? (
          <div className="flex justify-end border-t border-gray-200 pt-4">
            <SaveButton value="general" />
          </div>
        ) : null}
      </Card>
      <UnsavedChangesDialog blocker={blocker} />
    </Form>
  );
}
