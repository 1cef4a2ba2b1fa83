import { KeyRound, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';

import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { ImageField } from '#app/components/admin/image-field.tsx';
import { UserAvatar } from '#app/components/admin/users/user-avatar.tsx';
import { inputClass, primaryButton, rowAction } from '#app/components/ui/buttons.ts';
import { Card, Field, fieldAria } from '#app/components/ui/field.tsx';
import { readForm } from '#app/http/form.server.ts';
import { readSessionToken, requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { fieldErrors } from '#app/lib/zod-errors.ts';
import { accountFormSchema, PASSWORD_MIN_LENGTH } from '#app/schemas/user.ts';
import { endSession, listSessions } from '#app/services/auth/user-sessions.server.ts';
import { changeEmail, changePassword, updateProfile } from '#app/services/users/account.server.ts';

import type { Route } from './+types/account';

export const meta: Route.MetaFunction = () => [{ title: 'My Account · Admin · Atelier' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, 'account');
  const sessions = await listSessions(user.id, await readSessionToken(request));
  return { user: { name: user.name, email: user.email, avatar: user.avatar, role: user.role?.name ?? '' }, sessions };
}

type Intent = 'profile' | 'email' | 'password' | 'end-session';

function refused(intent: Intent, errors: Record<string, string>, status = 400) {
  return data({ intent, errors }, { status });
}

/** Each form of the page posts its own `intent`; everything acts on the signed-in user only. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'account');
  const form = Object.fromEntries(await readForm(request));
  const parsed = accountFormSchema.safeParse(form);
  if (!parsed.success) {
    const intent =
      typeof form.intent === 'string' && ['profile', 'email', 'password', 'end-session'].includes(form.intent)
        ? (form.intent as Intent)
        : null;
    if (!intent) throw data({ message: 'Unknown action.' }, { status: 400 });
    return refused(intent, fieldErrors(parsed.error));
  }
  const input = parsed.data;
  if (input.intent === 'end-session') {
    const result = await endSession(user.id, input.id);
    if (!result.ok) return refused('end-session', { id: result.message ?? 'This session has already ended.' }, 404);
    return redirectWithToast('/admin/account', { type: 'success', message: 'Session ended' });
  }
  const result =
    input.intent === 'profile'
      ? await updateProfile(user.id, input)
      : input.intent === 'email'
        ? await changeEmail(user.id, input)
        : await changePassword(user.id, input, await readSessionToken(request));
  if (!result.ok) {
    const errors =
      result.reason === 'invalid'
        ? Object.fromEntries(Object.entries(result.fieldErrors).map(([k, v]) => [k, v[0] ?? '']))
        : { form: result.message ?? 'Not saved.' };
    return refused(input.intent, errors, result.reason === 'invalid' ? 400 : 404);
  }
  const messages = {
    profile: 'Profile updated successfully',
    email: 'Email updated successfully',
    password: 'Password changed successfully',
  } as const;
  return redirectWithToast('/admin/account', { type: 'success', message: messages[input.intent] });
}

function Submit({ intent, label }: { intent: Intent; label: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <button type="submit" name="intent" value={intent} className={primaryButton} disabled={busy}>
      {busy ? 'Saving…' : label}
    </button>
  );
}

function TextInput(props: {
  form: Intent;
  name: string;
  label: string;
  type: string;
  autoComplete: string;
  defaultValue?: string;
  errors: Record<string, string>;
  hint?: ReactNode;
}) {
  const id = `${props.form}-${props.name}`;
  const error = props.errors[props.name];
  return (
    <Field id={id} label={props.label} error={error} hint={props.hint}>
      <input
        {...fieldAria(id, error, !!props.hint)}
        name={props.name}
        type={props.type}
        autoComplete={props.autoComplete}
        defaultValue={props.defaultValue}
        className={inputClass}
      />
    </Field>
  );
}

export default function AccountScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { user, sessions } = loaderData;
  const errorsFor = (intent: Intent): Record<string, string> => (actionData?.intent === intent ? actionData.errors : {});
  return (
    <AdminPage title="My Account" subtitle={`Signed in as ${user.email}${user.role ? ` · ${user.role}` : ''}`}>
      <div className="grid max-w-5xl grid-cols-1 gap-6 lg:grid-cols-2">
        <Card title="Profile">
          <Form method="post" noValidate className="space-y-4">
            <div className="flex items-center gap-3">
              <UserAvatar name={user.name} avatar={user.avatar} size="size-12" />
              <span className="text-sm text-gray-700">Shown beside your name in the admin.</span>
            </div>
            <TextInput
              form="profile"
              name="name"
              label="Name"
              type="text"
              autoComplete="name"
              defaultValue={user.name}
              errors={errorsFor('profile')}
            />
            <ImageField
              name="avatar"
              defaultValue={user.avatar}
              error={errorsFor('profile').avatar}
              labels={{ label: 'Avatar', chooseLabel: 'Choose Avatar', removeLabel: 'Remove avatar', previewAlt: 'Avatar preview' }}
            />
            <Submit intent="profile" label="Save Profile" />
          </Form>
        </Card>
        <Card title="Email">
          <Form method="post" noValidate className="space-y-4">
            <TextInput
              form="email"
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              defaultValue={user.email}
              errors={errorsFor('email')}
            />
            <TextInput
              form="email"
              name="password"
              label="Current Password"
              type="password"
              autoComplete="current-password"
              errors={errorsFor('email')}
              hint="Confirm the change with your password."
            />
            <Submit intent="email" label="Change Email" />
          </Form>
        </Card>
        <Card title="Password">
          <Form method="post" noValidate className="space-y-4">
            <TextInput
              form="password"
              name="current"
              label="Current Password"
              type="password"
              autoComplete="current-password"
              errors={errorsFor('password')}
            />
            <TextInput
              form="password"
              name="password"
              label="New Password"
              type="password"
              autoComplete="new-password"
              errors={errorsFor('password')}
              hint={`At least ${PASSWORD_MIN_LENGTH} characters, not a common password. Your other sessions end.`}
            />
            <TextInput
              form="password"
              name="confirm"
              label="Confirm New Password"
              type="password"
              autoComplete="new-password"
              errors={errorsFor('password')}
            />
            <Submit intent="password" label="Change Password" />
          </Form>
        </Card>
        {/* Two-factor sign-in and API tokens have their own pages, reached from here. */}
        <Card title="Sign-in Security">
          <ul className="space-y-3 text-sm">
            <li>
              <Link to="/admin/account/two-factor" className="inline-flex items-center gap-2 font-medium text-blue-800 hover:underline">
                <ShieldCheck className="size-4" aria-hidden />
                Two-factor sign-in
              </Link>
              <p className="text-gray-600">Ask for a code from an authenticator app at every sign-in.</p>
            </li>
            <li>
              <Link to="/admin/account/tokens" className="inline-flex items-center gap-2 font-medium text-blue-800 hover:underline">
                <KeyRound className="size-4" aria-hidden />
                API tokens
              </Link>
              <p className="text-gray-600">Personal tokens for scripts, limited to chosen permissions.</p>
            </li>
          </ul>
        </Card>
      </div>
      <section aria-labelledby="sessions-heading" className="max-w-5xl rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
        <h2 id="sessions-heading" className="mb-4 text-base font-semibold text-gray-900">
          Active Sessions
        </h2>
        {errorsFor('end-session').id ? (
          <p role="alert" className="mb-3 text-sm text-red-700">
            {errorsFor('end-session').id}
          </p>
        ) : null}
        <ul className="divide-y divide-gray-200">
          {sessions.map((session) => (
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
                <Form method="post">
                  <input type="hidden" name="id" value={session.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="end-session"
                    className={`${rowAction} text-red-700`}
                    aria-label={`End session: ${session.device}`}
                  >
                    End Session
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      </section>
    </AdminPage>
  );
}
