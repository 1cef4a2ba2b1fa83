import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react';
import { Form } from 'react-router';

import { inputClass } from '#app/components/ui/buttons.ts';
import { Card, Field } from '#app/components/ui/field.tsx';
import { FormAlert } from '#app/components/ui/form-alert.tsx';
import { SaveOrCancel } from '#app/components/ui/save-button.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { PERMISSION_GROUPS } from '#app/lib/permission-groups.ts';
import { roleFormSchema } from '#app/schemas/user.ts';

export interface EditableRole {
  id: string;
  name: string;
  description: string;
  permissions: string[];
}

/**
 * The role form: name, description and the grid of the 12 permissions in four groups. The
 * administrator's grid is read-only (it always holds every permission); permissions the signed-in
 * user lacks cannot be granted, so their boxes are disabled.
 */
export function RoleForm(props: {
  role: EditableRole | null;
  held: readonly string[];
  readOnlyGrid: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The version the form was opened at (an existing one), and whether the save was refused over someone else's. */
  version?: string | null;
  conflict?: boolean;
}) {
  const { role } = props;
  const [form, fields] = useSchemaForm(roleFormSchema, {
    id: `role-form-${role?.id ?? 'new'}`,
    lastResult: props.lastResult,
    defaultValue: { name: role?.name ?? '', description: role?.description ?? '', permissions: role?.permissions ?? [] },
  });
  const selected = new Set(role?.permissions ?? []);
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="max-w-4xl space-y-6">
      <FormAlert errors={form.errors} conflict={!!props.conflict} />
      {props.version ? <input type="hidden" name="version" value={props.version} /> : null}
      <Card>
        <Field
          id={fields.name.id}
          label="Role Name"
          error={fields.name.errors?.[0]}
          hint={role ? undefined : 'The role’s id is its name in lowercase, with underscores for spaces.'}
        >
          <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="off" className={inputClass} />
        </Field>
        <Field id={fields.description.id} label="Description" error={fields.description.errors?.[0]}>
          <textarea {...getTextareaProps(fields.description)} rows={2} className={inputClass} />
        </Field>
      </Card>
      <fieldset className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
        <legend className="px-1 text-base font-semibold text-gray-900">Permissions</legend>
        {props.readOnlyGrid ? <p className="mb-3 text-sm text-gray-700">The administrator role always has every permission.</p> : null}
        {fields.permissions.errors?.[0] ? <p className="mb-3 text-sm text-red-700">{fields.permissions.errors[0]}</p> : null}
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
          {PERMISSION_GROUPS.map((group) => (
            <div key={group.label}>
              <h3 className="mb-2 text-sm font-semibold tracking-wide text-gray-700 uppercase">{group.label}</h3>
              <ul className="space-y-3">
                {group.permissions.map((permission) => {
                  const id = `permission-${permission.id}`;
                  const locked = props.readOnlyGrid || !props.held.includes(permission.id);
                  return (
                    <li key={permission.id} className="flex items-start gap-3">
                      <input
                        id={id}
                        type="checkbox"
                        name={fields.permissions.name}
                        value={permission.id}
                        defaultChecked={props.readOnlyGrid || selected.has(permission.id)}
                        disabled={locked}
                        aria-describedby={`${id}-explanation`}
                        className="mt-0.5 size-4 shrink-0 rounded border-gray-300 text-blue-700 disabled:opacity-60"
                      />
                      {/* A box the user may not change still sends its current value. */}
                      {locked && !props.readOnlyGrid && selected.has(permission.id) ? (
                        <input type="hidden" name={fields.permissions.name} value={permission.id} />
                      ) : null}
                      <div>
                        <label htmlFor={id} className="font-mono text-sm text-gray-900">
                          {permission.id}
                        </label>
                        <p id={`${id}-explanation`} className="text-xs text-gray-600">
                          {permission.explanation}
                        </p>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </div>
      </fieldset>
      <SaveOrCancel label={role ? 'Save Changes' : 'Create Role'} cancelTo="/admin/users/roles" />
    </Form>
  );
}
