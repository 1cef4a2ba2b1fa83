import { type DefaultValue, type FormMetadata, type SubmissionResult } from '@conform-to/react';
import type { z } from 'zod';

import { FormAlert } from '#app/components/ui/form-alert.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';

/** The server's answer to one settings form: Conform's reply, or nothing when it was about another form. */
export type SettingsReply = SubmissionResult<string[]> | undefined;

/**
 * A settings tab's form: Conform with the tab's schema, for the field attributes (required, choices) and for
 * checking on submit. The server reads the form with the same schema, so the messages are the same with or
 * without the script; a check in the browser that passes clears the messages of an earlier refusal.
 */
export function useSettingsForm<Schema extends z.ZodObject>(
  id: string,
  schema: Schema,
  defaultValue: DefaultValue<z.output<Schema>>,
  lastResult: SettingsReply,
) {
  return useSchemaForm(schema, { id, lastResult, defaultValue, coerce: false });
}

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
