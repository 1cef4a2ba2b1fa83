import { type FormMetadata, getFormProps, type SubmissionResult } from '@conform-to/react';
import type { ReactNode } from 'react';
import { Form, useLoaderData } from 'react-router';

import { Card } from '#app/components/ui/field.tsx';
import { FormAlert } from '#app/components/ui/form-alert.tsx';
import { SaveButton } from '#app/components/ui/save-button.tsx';

/** The server's answer to one settings form: Conform's reply, or nothing when it was about another form. */
export type SettingsReply = SubmissionResult<string[]> | undefined;

/** Refused because someone else saved the same settings first (the server's SETTINGS_CHANGED). */
const CHANGED_BY_OTHERS = /changed by someone else since you opened it/;

/**
 * The version a settings form was opened at (`settings-general` → the loader's `versions.general`), sent with the
 * save so that a save over someone else's change is refused instead of silently undoing it.
 */
export function SettingsVersion({ formId }: { formId: string }) {
  const versions = useLoaderData<{ versions?: Record<string, string> }>()?.versions;
  const version = versions?.[formId.replace(/^settings-/, '')];
  return version === undefined ? null : <input type="hidden" name="version" value={version} />;
}

/**
 * Says, at the top of a settings form, that the save was refused and nothing was changed (with a way to reload when
 * someone else saved first), and carries the version the form was opened at.
 */
export function SettingsAlert({ form }: { form: Pick<FormMetadata, 'id' | 'name' | 'errors' | 'allErrors'> }) {
  const count = Object.entries(form.allErrors).filter(([name, messages]) => name !== form.name && messages.length).length;
  const messages = form.errors?.length
    ? form.errors
    : count
      ? [`Nothing was saved: please correct the ${count === 1 ? 'field' : `${count} fields`} below.`]
      : undefined;
  return (
    <>
      <SettingsVersion formId={form.id} />
      <FormAlert errors={messages} conflict={!!messages?.some((message) => CHANGED_BY_OTHERS.test(message))} />
    </>
  );
}

/**
 * A settings form in its card: the intent it saves (also its Save button's value), the refusal alert and version at
 * the top, the Save button at the bottom.
 */
export function SettingsFormCard<Schema extends Record<string, unknown>>(props: {
  form: FormMetadata<Schema, string[]>;
  intent: string;
  /** The form's accessible name. */
  label: string;
  title: string;
  saveLabel: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" {...getFormProps(props.form)} noValidate aria-label={props.label}>
      <input type="hidden" name="intent" value={props.intent} />
      <Card title={props.title}>
        <SettingsAlert form={props.form} />
        {props.children}
        <div className="flex justify-end border-t border-gray-200 pt-4">
          <SaveButton value={props.intent} label={props.saveLabel} />
        </div>
      </Card>
    </Form>
  );
}
