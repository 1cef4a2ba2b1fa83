import type { FormMetadata, SubmissionResult } from '@conform-to/react';

import { FormAlert } from '#app/components/ui/form-alert.tsx';

/** The server's answer to one settings form: Conform's reply, or nothing when it was about another form. */
export type SettingsReply = SubmissionResult<string[]> | undefined;

/** Says, at the top of a settings form, that the save was refused and nothing was changed. */
export function SettingsAlert({ form }: { form: Pick<FormMetadata, 'name' | 'errors' | 'allErrors'> }) {
  const count = Object.entries(form.allErrors).filter(([name, messages]) => name !== form.name && messages.length).length;
  const messages = form.errors?.length
    ? form.errors
    : count
      ? [`Nothing was saved: please correct the ${count === 1 ? 'field' : `${count} fields`} below.`]
      : undefined;
  return <FormAlert errors={messages} conflict={false} />;
}
