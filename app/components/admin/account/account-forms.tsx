import { type FieldMetadata, getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react';
import type { ReactNode } from 'react';
import { Form } from 'react-router';

import { ImageField } from '#app/components/admin/image-field.tsx';
import { UserAvatar } from '#app/components/admin/users/user-avatar.tsx';
import { inputClass, rowAction, secondaryButton } from '#app/components/ui/buttons.ts';
import { Card, Field } from '#app/components/ui/field.tsx';
import { FormAlert } from '#app/components/ui/form-alert.tsx';
import { SaveButton } from '#app/components/ui/save-button.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { emailChangeSchema, endSessionSchema, PASSWORD_MIN_LENGTH, passwordChangeSchema, profileFormSchema } from '#app/schemas/user.ts';
import type { SessionSummary } from '#app/services/auth/user-sessions.server.ts';

/** The server's answer to one of the page's forms, or nothing when it was about another one. */
export type AccountReply = SubmissionResult<string[]> | undefined;

function TextField(props: {
  field: FieldMetadata<string>;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  hint?: ReactNode;
}) {
  const { field } = props;
  return (
    <Field id={field.id} label={props.label} error={field.errors?.[0]} hint={props.hint}>
      <input
        {...getInputProps(field, { type: props.type, ariaDescribedBy: props.hint ? field.descriptionId : undefined })}
        autoComplete={props.autoComplete}
        className={inputClass}
      />
    </Field>
  );
}

/** The current password a form asks for before a change that needs it (the same label and autofill everywhere). */
export function CurrentPasswordField(props: { field: FieldMetadata<string>; hint?: ReactNode }) {
  return <TextField field={props.field} label="Current Password" type="password" autoComplete="current-password" hint={props.hint} />;
}

export function ProfileForm(props: { user: { name: string; avatar: string | null }; lastResult: AccountReply }) {
  const { user } = props;
  const [form, fields] = useSchemaForm(profileFormSchema, {
    id: 'account-profile',
    lastResult: props.lastResult,
    defaultValue: { name: user.name, avatar: user.avatar ?? '' },
    coerce: false,
  });
  return (
    <Card title="Profile">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert errors={form.errors} conflict={false} />
        <div className="flex items-center gap-3">
          <UserAvatar name={user.name} avatar={user.avatar} size="size-12" />
          <span className="text-sm text-gray-700">Shown beside your name in the admin.</span>
        </div>
        <TextField field={fields.name} label="Name" type="text" autoComplete="name" />
        <ImageField
          name={fields.avatar.name}
          defaultValue={user.avatar}
          error={fields.avatar.errors?.[0]}
          labels={{ label: 'Avatar', chooseLabel: 'Choose Avatar', removeLabel: 'Remove avatar', previewAlt: 'Avatar preview' }}
        />
        <SaveButton name="intent" value="profile" label="Save Profile" />
      </Form>
    </Card>
  );
}

export function EmailForm(props: { email: string; lastResult: AccountReply }) {
  const [form, fields] = useSchemaForm(emailChangeSchema, {
    id: 'account-email',
    lastResult: props.lastResult,
    defaultValue: { email: props.email },
    coerce: false,
  });
  return (
    <Card title="Email">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert errors={form.errors} conflict={false} />
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
        <CurrentPasswordField field={fields.password} hint="Confirm the change with your password." />
        <SaveButton name="intent" value="email" label="Change Email" />
      </Form>
    </Card>
  );
}

export function PasswordForm(props: { lastResult: AccountReply }) {
  const [form, fields] = useSchemaForm(passwordChangeSchema, { id: 'account-password', lastResult: props.lastResult, coerce: false });
  return (
    <Card title="Password">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert errors={form.errors} conflict={false} />
        <CurrentPasswordField field={fields.current} />
        <TextField
          field={fields.password}
          label="New Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, not a common password. Your other sessions end and your API tokens are revoked.`}
        />
        <TextField field={fields.confirm} label="Confirm New Password" type="password" autoComplete="new-password" />
        <SaveButton name="intent" value="password" label="Change Password" />
      </Form>
    </Card>
  );
}

/** The user's sessions; each other one has an End Session button, all posting to one form. */
export function SessionList(props: { sessions: SessionSummary[]; lastResult: AccountReply }) {
  const [form] = useSchemaForm(endSessionSchema, { id: 'account-end-session', lastResult: props.lastResult, serverOnly: true });
  return (
    <section aria-labelledby="sessions-heading" className="max-w-5xl rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
      <h2 id="sessions-heading" className="mb-4 text-base font-semibold text-gray-900">
        Active Sessions
      </h2>
      {form.errors?.length ? (
        <div className="mb-3">
          <FormAlert errors={form.errors} conflict={false} />
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="end-session" />
      </Form>
      <ul className="divide-y divide-gray-200">
        {props.sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
            <div>
              <div className="font-medium text-gray-900">
                {session.device}
                {session.current ? (
                  <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs text-green-800">This device</span>
                ) : null}
              </div>
              <div className="text-gray-600">
                Last used <time dateTime={session.lastUsedAt}>{session.lastUsedAt.slice(0, 16).replace('T', ' ')} UTC</time> · signed in{' '}
                <time dateTime={session.createdAt}>{session.createdAt.slice(0, 10)}</time>
              </div>
            </div>
            {session.current ? null : (
              <button
                type="submit"
                form={form.id}
                name="id"
                value={session.id}
                className={`${rowAction} text-red-700`}
                aria-label={`End session: ${session.device}`}
              >
                End Session
              </button>
            )}
          </li>
        ))}
      </ul>
      <SignOutEverywhereForm />
    </section>
  );
}

/**
 * The user menu's "Sign out of all other sessions", with the choice to revoke one's API tokens too
 * (what to do after a lost laptop or a leaked password; changing the password revokes them anyway).
 */
function SignOutEverywhereForm() {
  return (
    <Form
      method="post"
      action="/logout/others"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 pt-4"
      aria-label="Sign out of all other sessions"
    >
      <input type="hidden" name="redirectTo" value="/admin/account" />
      <label className="flex items-center gap-2 text-sm text-gray-800">
        <input type="checkbox" name="revokeTokens" className="size-4 rounded border-gray-300" />
        Also revoke my API tokens
      </label>
      <button type="submit" className={secondaryButton}>
        Sign out of all other sessions
      </button>
    </Form>
  );
}
