import { Form, useNavigation } from 'react-router';

import { inputClass, primaryButton, secondaryButton } from '#app/components/ui/buttons.ts';
import { Card, Field, fieldAria } from '#app/components/ui/field.tsx';
import { type AdvancedSettings, CACHE_TTL_OPTIONS } from '#app/schemas/settings.ts';

import { FormErrorSummary } from './form-error-summary.tsx';

function Checkbox({ name, label, hint, defaultChecked }: { name: string; label: string; hint: string; defaultChecked: boolean }) {
  return (
    <div className="flex items-start gap-2">
      <input
        id={name}
        name={name}
        type="checkbox"
        defaultChecked={defaultChecked}
        aria-describedby={`${name}-description`}
        className="mt-0.5 size-4 rounded border-gray-300"
      />
      <div>
        <label htmlFor={name} className="text-sm font-medium text-gray-800">
          {label}
        </label>
        <p id={`${name}-description`} className="text-xs text-gray-600">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** The Advanced tab: Maintenance Mode, Cache TTL, Debug Mode, and Clear Cache, which empties the public pages' cache now. */
export function AdvancedSettingsForm({ advanced, errors }: { advanced: AdvancedSettings; errors: Record<string, string> }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  return (
    <div className="space-y-6">
      <Form method="post" noValidate aria-label="Advanced settings">
        <input type="hidden" name="intent" value="advanced" />
        <Card title="Advanced Settings">
          <FormErrorSummary errors={errors} />
          <Checkbox
            name="maintenanceMode"
            label="Maintenance Mode"
            hint="Visitors get a maintenance page (HTTP 503); signed-in staff still see the site, with a banner."
            defaultChecked={advanced.maintenanceMode}
          />
          <Field id="cacheTtl" label="Cache TTL" error={errors.cacheTtl}>
            <select
              {...fieldAria('cacheTtl', errors.cacheTtl)}
              name="cacheTtl"
              defaultValue={String(advanced.cacheTtl)}
              className={`${inputClass} sm:max-w-xs`}
            >
              {CACHE_TTL_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label} ({option.value} seconds)
                </option>
              ))}
            </select>
          </Field>
          <Checkbox
            name="debugMode"
            label="Debug Mode"
            hint="Administrators (Manage Settings) see a Server timings panel on every page, with the database, render and cache figures also sent as a Server-Timing header. Visitors never do."
            defaultChecked={advanced.debugMode}
          />
          <div className="flex justify-end border-t border-gray-200 pt-4">
            <button type="submit" className={primaryButton} disabled={!!busy}>
              {busy === 'advanced' ? 'Saving…' : 'Save Advanced Settings'}
            </button>
          </div>
        </Card>
      </Form>
      <Form method="post" aria-label="Cache">
        <input type="hidden" name="intent" value="clear-cache" />
        <Card title="Cache">
          <p className="text-sm text-gray-600">
            Public pages are kept ready in memory. Clear the cache to rebuild every page on its next visit.
          </p>
          <button type="submit" className={secondaryButton} disabled={!!busy}>
            {busy === 'clear-cache' ? 'Clearing…' : 'Clear Cache'}
          </button>
        </Card>
      </Form>
    </div>
  );
}
