import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form, Link } from 'react-router';

import { inputClass, secondaryButton } from '#app/components/ui/buttons.ts';
import { Card, Field, fieldAria } from '#app/components/ui/field.tsx';
import { FormAlert } from '#app/components/ui/form-alert.tsx';
import { SaveButton } from '#app/components/ui/save-button.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { redirectFormSchema } from '#app/schemas/redirect.ts';

export interface EditedRedirect {
  id: string;
  from: string;
  to: string;
  status: '301' | '302';
}

/** Add a redirect, or change the one being edited (`editing`). */
export function RedirectForm(props: { editing: EditedRedirect | null; lastResult: SubmissionResult<string[]> | undefined }) {
  const { editing } = props;
  const [form, fields] = useSchemaForm(redirectFormSchema, {
    id: editing ? `redirect-${editing.id}` : 'redirect-new',
    lastResult: props.lastResult,
    defaultValue: editing ?? { from: '', to: '', status: '301' },
    serverOnly: true,
  });
  const control = (name: 'from' | 'to', label: string, placeholder: string, hint: string) => {
    const meta = fields[name];
    const error = meta.errors?.[0];
    const id = `redirect-${name}`;
    return (
      <Field id={id} label={label} error={error} hint={hint} className="min-w-0 flex-1">
        <input
          key={meta.key}
          {...fieldAria(id, error, true)}
          name={meta.name}
          defaultValue={meta.initialValue ?? ''}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          className={inputClass}
        />
      </Field>
    );
  };
  const statusError = fields.status.errors?.[0];
  return (
    <Card title={editing ? 'Edit Redirect' : 'Add Redirect'}>
      <FormAlert errors={form.errors} conflict={false} />
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
        <input type="hidden" name="intent" value="save" />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <div className="flex flex-col gap-4 lg:flex-row">
          {control('from', 'From path', '/old-page', 'A path of this site, such as /old-page or /blog/old-post.')}
          {control('to', 'To path or URL', '/new-page', 'A path of this site, or a full address (https://…) to send visitors elsewhere.')}
          <Field id="redirect-status" label="Type" error={statusError} className="lg:w-56">
            <select
              key={fields.status.key}
              {...fieldAria('redirect-status', statusError)}
              name={fields.status.name}
              defaultValue={fields.status.initialValue ?? '301'}
              className={inputClass}
            >
              <option value="301">301 Permanent</option>
              <option value="302">302 Temporary</option>
            </select>
          </Field>
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          {editing ? (
            <Link to="/admin/settings/redirects" className={secondaryButton}>
              Cancel
            </Link>
          ) : null}
          <SaveButton name="intent" value="save" label={editing ? 'Save Changes' : 'Add Redirect'} />
        </div>
      </Form>
    </Card>
  );
}
