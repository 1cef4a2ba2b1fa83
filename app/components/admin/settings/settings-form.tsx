import type { FormMetadata, SubmissionResult } from '@conform-to/react';
import { useLoaderData } from 'react-router';

import { FormAlert } from '#app/components/ui/form-alert.tsx';

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
