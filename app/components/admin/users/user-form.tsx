import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react';
import { Form } from 'react-router';

import { inputClass } from '#app/components/ui/buttons.ts';
import { Card, Field } from '#app/components/ui/field.tsx';
import { FormAlert } from '#app/components/ui/form-alert.tsx';
import { SaveOrCancel } from '#app/components/ui/save-button.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { userFormSchema } from '#app/schemas/user.ts';

export interface EditableUser {
  id: string;
  email: string;
  name: string;
  role_id: string;
  status: 'active' | 'inactive' | 'pending';
}

/**
 * The create/edit user form (docs/product.md, Validation messages and Messages and confirmations). A new user gets an invitation instead of a password;
 * one's own role and status are shown but cannot be changed (the server refuses it too).
 */
export function UserForm(props: {
  user: EditableUser | null;
  roles: { id: string; name: string }[];
  self: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The version the form was opened at (an existing one), and whether the save was refused over someone else's. */
  version?: string | null;
  conflict?: boolean;
}) {
  const { user, self } = props;
  const [form, fields] = useSchemaForm(userFormSchema, {
    id: `user-form-${user?.id ?? 'new'}`,
    lastResult: props.lastResult,
    defaultValue: { email: user?.email ?? '', name: user?.name ?? '', role: user?.role_id ?? '', status: user?.status ?? 'pending' },
  });
  const statuses = user?.status === 'pending' ? (['pending', 'inactive'] as const) : (['active', 'inactive'] as const);
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="max-w-2xl space-y-6">
      <FormAlert errors={form.errors} conflict={!!props.conflict} />
      {props.version ? <input type="hidden" name="version" value={props.version} /> : null}
      <Card>
        <Field id={fields.name.id} label="Name" error={fields.name.errors?.[0]}>
          <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="off" className={inputClass} />
        </Field>
        <Field id={fields.email.id} label="Email" error={fields.email.errors?.[0]}>
          <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="off" className={inputClass} />
        </Field>
        <Field
          id={fields.role.id}
          label="Role"
          error={fields.role.errors?.[0]}
          hint={self ? 'You cannot change your own role.' : undefined}
        >
          {self ? <input type="hidden" name={fields.role.name} value={user?.role_id} /> : null}
          <select {...getSelectProps(fields.role)} disabled={self} className={inputClass}>
            <option value="">Select a role</option>
            {props.roles.map((role) => (
              <option key={role.id} value={role.id}>
                {role.name}
              </option>
            ))}
          </select>
        </Field>
        {user ? (
          <Field
            id={fields.status.id}
            label="Status"
            error={fields.status.errors?.[0]}
            hint={
              self
                ? 'You cannot change your own status.'
                : user.status === 'pending'
                  ? 'A pending user becomes active by accepting the invitation.'
                  : undefined
            }
          >
            {self ? <input type="hidden" name={fields.status.name} value={user.status} /> : null}
            <select {...getSelectProps(fields.status)} disabled={self} className={inputClass}>
              {statuses.map((status) => (
                <option key={status} value={status}>
                  {status[0]!.toUpperCase() + status.slice(1)}
                </option>
              ))}
            </select>
          </Field>
        ) : (
          <Field
            id="new-user-status"
            label="Status"
            hint="A new user is Pending until they accept the invitation link (valid 7 days) and choose their own password. The link is e-mailed when an SMTP server is configured, and you can copy it from the list."
          >
            <select
              id="new-user-status"
              disabled
              defaultValue="pending"
              aria-describedby="new-user-status-description"
              className={inputClass}
            >
              <option value="pending">Pending</option>
            </select>
          </Field>
        )}
      </Card>
      <SaveOrCancel label={user ? 'Save Changes' : 'Create User'} cancelTo="/admin/users" />
    </Form>
  );
}
