import { type DefaultValue, type Submission, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';

import { formConstraint } from '#app/lib/form-constraint.ts';

/**
 * The one way an admin form is set up (decision 019): Conform with the form's zod schema, the same schema the
 * action parses with. The field attributes (required, lengths, ranges, choices) come from the schema; the
 * browser checks on submit, then again as the user corrects a field, so the messages are the server's own.
 */
export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>>>(
  schema: Schema,
  options: {
    id: string;
    /** The action's `submission.reply(...)`, or nothing when it was about another form. */
    lastResult: SubmissionResult<string[]> | null | undefined;
    /** What the fields start with: as the form holds them (tags as text) or as the schema gives them (a number). */
    defaultValue?: DefaultValue<z.input<Schema>> | DefaultValue<z.output<Schema>>;
    /**
     * Conform turns form text into the schema's numbers, booleans and lists, and an empty field into a missing
     * one. Off where the schema's own message for an empty field ('Email is required') must show.
     */
    coerce?: boolean;
    /** Checked by the server only: the sign-in forms, which tell nothing before the server has answered. */
    serverOnly?: boolean;
    /** Told of each check made in the browser (the landing editor opens the tab of the first error). */
    onChecked?: (submission: Submission<z.output<Schema>>) => void;
  },
) {
  const { coerce = true, onChecked } = options;
  return useForm<z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as DefaultValue<z.output<Schema>> | undefined,
    constraint: formConstraint(schema),
    shouldValidate: 'onSubmit',
    // Without a browser check, Conform would ask the server at every keystroke: server-only forms wait for the next submit.
    shouldRevalidate: options.serverOnly ? 'onSubmit' : 'onInput',
    onValidate: options.serverOnly
      ? undefined
      : ({ formData }) => {
          const submission = parseWithZod(formData, { schema, disableAutoCoercion: !coerce });
          onChecked?.(submission as Submission<z.output<Schema>>);
          return submission;
        },
  });
}
