import { type FieldMetadata, getInputProps, getSelectProps } from '@conform-to/react';
import { Form, Link, useNavigation } from 'react-router';

import { inputClass, secondaryButton } from '#app/components/ui/buttons.ts';
import { Card, Field } from '#app/components/ui/field.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { type AdvancedSettings, advancedSettingsSchema, CACHE_TTL_OPTIONS } from '#app/schemas/settings.ts';

import { SettingsFormCard, type SettingsReply } from './settings-form.tsx';

/** A settings checkbox with its label and a hint under it. */
export function Checkbox({ field, label, hint }: { field: FieldMetadata<boolean>; label: string; hint: string }) {
  return (
    <div className="flex items-start gap-2">
      <input
        {...getInputProps(field, { type: 'checkbox', ariaDescribedBy: field.descriptionId })}
        className="mt-0.5 size-4 rounded border-gray-300"
      />
      <div>
        <label htmlFor={field.id} className="text-sm font-medium text-gray-800">
          {label}
        </label>
        <p id={field.descriptionId} className="text-xs text-gray-600">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** The Advanced tab: Maintenance Mode, Cache TTL, view counts, revisions kept, Debug Mode, and Clear Cache, which empties the public pages' cache now. */
export function AdvancedSettingsForm({ advanced, lastResult }: { advanced: AdvancedSettings; lastResult: SettingsReply }) {
  const [form, fields] = useSchemaForm(advancedSettingsSchema, {
    id: 'settings-advanced',
    lastResult,
    defaultValue: advanced,
    coerce: false,
  });
  const navigation = useNavigation();
  const clearing = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'clear-cache';
  return (
    <div className="space-y-6">
      <SettingsFormCard
        form={form}
        intent="advanced"
        label="Advanced settings"
        title="Advanced Settings"
        saveLabel="Save Advanced Settings"
      >
        <Checkbox
          field={fields.maintenanceMode}
          label="Maintenance Mode"
          hint="Visitors get a maintenance page (HTTP 503); signed-in staff still see the site, with a banner."
        />
        <Field id={fields.cacheTtl.id} label="Cache TTL" error={fields.cacheTtl.errors?.[0]}>
          <select {...getSelectProps(fields.cacheTtl)} className={`${inputClass} sm:max-w-xs`}>
            {CACHE_TTL_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label} ({option.value} seconds)
              </option>
            ))}
          </select>
        </Field>
        <Checkbox
          field={fields.discourageSearchEngines}
          label="Discourage search engines from indexing this site"
          hint="Every page says noindex and robots.txt says Disallow: /. It is up to search engines to honour this; the admin shows a warning while it is on."
        />
        <Checkbox
          field={fields.hideViewCounts}
          label="Hide view counts"
          hint="Blog cards and articles no longer show how many times a post was read; views are still counted for the dashboard."
        />
        <Field
          id={fields.revisionsKept.id}
          label="Revisions kept per item"
          error={fields.revisionsKept.errors?.[0]}
          hint="Each save of a page, post or the landing copy keeps a revision. Older ones beyond this number are removed in the background; the one a published item was published from is always kept. 0 keeps them all."
        >
          <input
            {...getInputProps(fields.revisionsKept, { type: 'number', ariaDescribedBy: fields.revisionsKept.descriptionId })}
            min={0}
            max={10000}
            step={1}
            className={`${inputClass} sm:max-w-32`}
          />
        </Field>
        <Checkbox
          field={fields.debugMode}
          label="Debug Mode"
          hint="Administrators (Manage Settings) see a Server timings panel on every page, with the database, render and cache figures also sent as a Server-Timing header. Visitors never do."
        />
      </SettingsFormCard>
      <Form method="post" aria-label="Cache">
        <input type="hidden" name="intent" value="clear-cache" />
        <Card title="Cache">
          <p className="text-sm text-gray-600">
            Public pages are kept ready in memory. Clear the cache to rebuild every page on its next visit.
          </p>
          <button type="submit" className={secondaryButton} disabled={clearing}>
            {clearing ? 'Clearing…' : 'Clear Cache'}
          </button>
        </Card>
      </Form>
      <Card title="Redirects">
        <p className="text-sm text-gray-600">
          Old addresses that lead to new ones: made when a published page or post changes its slug, or by hand, with CSV import and export.
        </p>
        <Link to="/admin/settings/redirects" className={secondaryButton}>
          Manage Redirects
        </Link>
      </Card>
    </div>
  );
}
