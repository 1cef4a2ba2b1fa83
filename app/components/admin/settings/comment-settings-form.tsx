import { getInputProps, getTextareaProps } from '@conform-to/react';

import { inputClass } from '#app/components/ui/buttons.ts';
import { Field } from '#app/components/ui/field.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { type CommentSettings, commentSettingsSchema } from '#app/schemas/comment.ts';

import { Checkbox } from './advanced-settings-form.tsx';
import { SettingsFormCard, type SettingsReply } from './settings-form.tsx';

/** The Comments tab: who is approved without waiting, when articles stop taking comments, the blocklist, mail to moderators. */
export function CommentSettingsForm({ comments, lastResult }: { comments: CommentSettings; lastResult: SettingsReply }) {
  const [form, fields] = useSchemaForm(commentSettingsSchema, {
    id: 'settings-comments',
    lastResult,
    defaultValue: { ...comments, closeAfterDays: String(comments.closeAfterDays) },
    coerce: false,
  });
  return (
    <SettingsFormCard form={form} intent="comments" label="Comment settings" title="Comment Settings" saveLabel="Save Comment Settings">
      <Checkbox
        field={fields.autoApproveKnown}
        label="Approve authors who already have an approved comment"
        hint="A comment from an e-mail address with an approved comment is published at once; everything else waits for a moderator."
      />
      <Field
        id={fields.closeAfterDays.id}
        label="Close comments after (days)"
        error={fields.closeAfterDays.errors?.[0]}
        hint="Articles stop taking comments this many days after they are published; 0 keeps them open."
      >
        <input
          {...getInputProps(fields.closeAfterDays, { type: 'number', ariaDescribedBy: `${fields.closeAfterDays.id}-description` })}
          min={0}
          max={3650}
          className={`${inputClass} sm:max-w-[10rem]`}
        />
      </Field>
      <Field
        id={fields.blocklist.id}
        label="Blocklist"
        error={fields.blocklist.errors?.[0]}
        hint="One entry a line: a word (matched in the name, e-mail, website or comment), an e-mail or @domain, or an address or network (203.0.113.7, 2001:db8::/48). A comment that matches goes to Spam."
      >
        <textarea
          {...getTextareaProps(fields.blocklist, { ariaDescribedBy: `${fields.blocklist.id}-description` })}
          rows={6}
          className={`${inputClass} font-mono`}
        />
      </Field>
      <Checkbox
        field={fields.emailModerators}
        label="E-mail moderators about comments awaiting approval"
        hint="Everyone who may moderate comments also gets an e-mail (through the Email settings) for each comment held for approval."
      />
    </SettingsFormCard>
  );
}
