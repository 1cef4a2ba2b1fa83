import { type DefaultValue, type SubmissionResult, useForm } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod/v4';
import type { z } from 'zod';

import { FormAlert } from '#app/components/ui/form-alert.tsx';

/** The server's answer to one settings form: Conform's reply, or nothing when it was about another form. */
export type SettingsReply = SubmissionResult<string[]> | undefined;

/**
 * A settings tab's form: Conform with the tab's schema for the field attributes (required, lengths, ranges);
 * checked on the server only, so the messages are the server's, with or without the script.
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
    constraint: getZodConstraint(schema),
    shouldValidate: 'onSubmit',
  });
}

/** Says, at the top of a settings form, that the save was refused and nothing was changed. */
export function SettingsAlert({ lastResult }: { lastResult: SettingsReply }) {
  const errors = Object.entries(lastResult?.error ?? {}).filter(([, messages]) => messages?.length);
  const formErrors = errors.find(([name]) => name === '')?.[1];
  const count = errors.filter(([name]) => name !== '').length;
  const messages = formErrors?.length
    ? formErrors
    : count
      ? [`Nothing was saved: please correct the ${count === 1 ? 'field' : `${count} fields`} below.`]
      : undefined;
  return <FormAlert errors={messages} conflict={false} />;
}
