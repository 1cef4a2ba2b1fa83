import { type DefaultValue, type FormMetadata, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';

import { FormAlert } from '#app/components/ui/form-alert.tsx';
import { formConstraint } from '#app/lib/form-constraint.ts';

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
  return useForm<z.output<Schema>>({
    id,
    lastResult,
    defaultValue,
    constraint: formConstraint(schema),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });
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
