import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { ArrowLeft } from 'lucide-react';
import { Form } from 'react-router';

import { AdminPage, PageLink } from '#app/components/admin/admin-page.tsx';
import { ThemeThumbnail } from '#app/components/admin/themes/theme-thumbnail.tsx';
import { inputClass } from '#app/components/ui/buttons.ts';
import { Card, Field, fieldAria } from '#app/components/ui/field.tsx';
import { FormAlert } from '#app/components/ui/form-alert.tsx';
import { SaveButton } from '#app/components/ui/save-button.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { replyInvalid, replyWithFailure } from '#app/http/failure.server.ts';
import { readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { THEME_PRESETS } from '#app/lib/theme/presets.ts';
import { newThemeSchema } from '#app/lib/theme/schema.ts';
import { createThemeFromPreset } from '#app/services/themes/themes.server.ts';

import type { Route } from './+types/new';

export const meta: Route.MetaFunction = () => [{ title: 'New Theme · Admin · Atelier' }];

const PRESETS = [
  { value: 'default', label: 'Default', hint: 'Light background, blue accents' },
  { value: 'dark', label: 'Dark', hint: 'Dark background, bright accents' },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, 'themes');
  return null;
}

/** Creates the theme (inactive) and opens it in the theme editor. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'themes');
  const submission = parseWithZod(await readForm(request), { schema: newThemeSchema });
  if (submission.status !== 'success') return replyInvalid(submission);
  const created = await createThemeFromPreset(user, submission.value);
  if (!created.ok) return replyWithFailure(submission, created);
  return redirectWithToast(`/admin/themes/${encodeURIComponent(created.id)}/edit`, {
    type: 'success',
    message: `${submission.value.name} theme created`,
  });
}

/** New Theme (/admin/themes/new): a name and the preset (default or dark) the theme starts from. */
export default function NewThemeScreen({ actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm(newThemeSchema, {
    id: 'new-theme',
    lastResult: actionData?.result as SubmissionResult<string[]> | undefined,
    defaultValue: { name: '', preset: 'default' },
  });
  const nameError = fields.name.errors?.[0];
  const presetError = fields.preset.errors?.[0];
  return (
    <AdminPage
      title="New Theme"
      subtitle="Start a theme from a preset, then make it yours in the theme editor."
      actions={
        <PageLink to="/admin/themes" icon={ArrowLeft}>
          Back to Themes
        </PageLink>
      }
    >
      <Form method="post" {...getFormProps(form)} className="max-w-3xl">
        <Card>
          <FormAlert errors={form.errors} conflict={false} />
          <Field id={fields.name.id} label="Theme Name" error={nameError}>
            <input
              {...getInputProps(fields.name, { type: 'text' })}
              {...fieldAria(fields.name.id, nameError)}
              className={inputClass}
              placeholder="My theme"
            />
          </Field>
          <fieldset aria-describedby={presetError ? `${fields.preset.id}-error` : undefined}>
            <legend className="mb-2 block text-sm font-medium text-gray-800">Preset</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              {PRESETS.map((preset) => (
                <label
                  key={preset.value}
                  className="block cursor-pointer overflow-hidden rounded-lg ring-1 ring-gray-300 has-[:checked]:ring-2 has-[:checked]:ring-blue-700"
                >
                  <ThemeThumbnail settings={THEME_PRESETS[preset.value]} name={preset.label} />
                  <span className="flex items-start gap-2 p-3">
                    <input
                      type="radio"
                      name={fields.preset.name}
                      value={preset.value}
                      defaultChecked={fields.preset.initialValue === preset.value}
                      className="mt-1 size-4"
                    />
                    <span>
                      <span className="block text-sm font-semibold text-gray-900">{preset.label}</span>
                      <span className="block text-xs text-gray-600">{preset.hint}</span>
                    </span>
                  </span>
                </label>
              ))}
            </div>
            {presetError ? (
              <p id={`${fields.preset.id}-error`} className="mt-1 text-sm text-red-700">
                {presetError}
              </p>
            ) : null}
          </fieldset>
          <div className="flex justify-end gap-3 border-t border-gray-200 pt-4">
            <PageLink to="/admin/themes">Cancel</PageLink>
            <SaveButton label="Create Theme" />
          </div>
        </Card>
      </Form>
    </AdminPage>
  );
}
