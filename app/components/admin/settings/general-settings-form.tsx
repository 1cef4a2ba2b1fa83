import { useRef } from 'react';
import { Form, useNavigation } from 'react-router';

import { inputClass, primaryButton } from '#app/components/ui/buttons.ts';
import { Card, Field, fieldAria } from '#app/components/ui/field.tsx';
import { DATE_FORMAT_OPTIONS, TIME_FORMAT_OPTIONS } from '#app/lib/format-date.ts';
import { LANGUAGE_OPTIONS, TIMEZONE_OPTIONS } from '#app/schemas/settings.ts';
import type { SiteSettings } from '#app/services/settings/defaults.ts';

import { ImageField } from '../image-field.tsx';
import { UnsavedChangesDialog } from '../unsaved-changes-dialog.tsx';
import { useUnsavedChanges } from '../use-unsaved-changes.ts';
import { FormErrorSummary } from './form-error-summary.tsx';

const LOGO_LABELS = { label: 'Logo URL', chooseLabel: 'Upload', removeLabel: 'Remove logo', previewAlt: 'Logo preview' };
const FAVICON_LABELS = {
  label: 'Favicon URL',
  chooseLabel: 'Choose Favicon',
  removeLabel: 'Remove favicon',
  previewAlt: 'Favicon preview',
};

/** The General tab (docs/product.md, Settings): Save Changes appears once a setting differs from what was loaded (docs/product.md, States). */
export function GeneralSettingsForm({ site, errors }: { site: SiteSettings; errors: Record<string, string> }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { canSave, recheck, blocker } = useUnsavedChanges(formRef);
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'general';
  return (
    <Form method="post" ref={formRef} onInput={recheck} onChange={recheck} noValidate aria-label="General settings">
      <input type="hidden" name="intent" value="general" />
      <Card title="General Settings">
        <FormErrorSummary errors={errors} />
        <Field id="siteName" label="Site Name" error={errors.siteName}>
          <input
            {...fieldAria('siteName', errors.siteName)}
            name="siteName"
            type="text"
            defaultValue={site.siteName}
            required
            maxLength={100}
            className={inputClass}
          />
        </Field>
        <div className="flex items-center gap-2">
          <input
            id="showSiteName"
            name="showSiteName"
            type="checkbox"
            defaultChecked={site.showSiteName}
            className="size-4 rounded border-gray-300 text-blue-700"
          />
          <label htmlFor="showSiteName" className="text-sm font-medium text-gray-800">
            Show Site Name
          </label>
        </div>
        <Field id="tagline" label="Tagline" error={errors.tagline}>
          <input
            {...fieldAria('tagline', errors.tagline)}
            name="tagline"
            type="text"
            defaultValue={site.tagline}
            maxLength={200}
            className={inputClass}
          />
        </Field>
        <ImageField name="logo" defaultValue={site.logo} labels={LOGO_LABELS} error={errors.logo} />
        <ImageField name="favicon" defaultValue={site.favicon} labels={FAVICON_LABELS} error={errors.favicon} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="language" label="Language" error={errors.language}>
            <select {...fieldAria('language', errors.language)} name="language" defaultValue={site.language} className={inputClass}>
              {LANGUAGE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </Field>
          <Field id="timezone" label="Timezone" error={errors.timezone}>
            <select {...fieldAria('timezone', errors.timezone)} name="timezone" defaultValue={site.timezone} className={inputClass}>
              {TIMEZONE_OPTIONS.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          </Field>
          <Field id="dateFormat" label="Date Format" error={errors.dateFormat}>
            <select {...fieldAria('dateFormat', errors.dateFormat)} name="dateFormat" defaultValue={site.dateFormat} className={inputClass}>
              {DATE_FORMAT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </Field>
          <Field id="timeFormat" label="Time Format" error={errors.timeFormat}>
            <select {...fieldAria('timeFormat', errors.timeFormat)} name="timeFormat" defaultValue={site.timeFormat} className={inputClass}>
              {TIME_FORMAT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {canSave ? (
          <div className="flex justify-end border-t border-gray-200 pt-4">
            <button type="submit" className={primaryButton} disabled={saving}>
              {saving ? 'Saving…' : 'Save Changes'}
            </button>
          </div>
        ) : null}
      </Card>
      <UnsavedChangesDialog blocker={blocker} />
    </Form>
  );
}
