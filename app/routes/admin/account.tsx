import type { Submission, SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { data, Link, useLocation } from 'react-router';

import { EmailForm, PasswordForm, ProfileForm, SessionList } from '#app/components/admin/account/account-forms.tsx';
import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { Card } from '#app/components/ui/field.tsx';
import { failureMessage, failureStatus } from '#app/http/failure.server.ts';
import { readForm } from '#app/http/form.server.ts';
import { readSessionToken, requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { emailChangeSchema, endSessionSchema, passwordChangeSchema, profileFormSchema } from '#app/schemas/user.ts';
import { endSession, listSessions } from '#app/services/auth/user-sessions.server.ts';
import type { Failure } from '#app/services/failures.ts';
import { changeEmail, changePassword, updateProfile } from '#app/services/users/account.server.ts';

import type { Route } from './+types/account';

export const meta: Route.MetaFunction = () => [{ title: 'My Account · Admin · Atelier' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, 'account');
  const sessions = await listSessions(user.id, await readSessionToken(request));
  return { user: { name: user.name, email: user.email, avatar: user.avatar, role: user.role?.name ?? '' }, sessions };
}

const INTENTS = ['profile', 'email', 'password', 'end-session'] as const;
type Intent = (typeof INTENTS)[number];

/** Passwords typed into a form are never sent back, not even the ones just typed. */
const PASSWORD_FIELDS: Record<Intent, string[]> = {
  profile: [],
  email: ['password'],
  password: ['current', 'password', 'confirm'],
  'end-session': [],
};

/** A refused submission back to its form (the answer names it, since the page has four): the schema's or the service's messages. */
function refused(intent: Intent, submission: Submission<unknown>, failure?: Failure) {
  const errors = !failure
    ? {}
    : failure.reason === 'invalid'
      ? { fieldErrors: failure.fieldErrors, formErrors: failure.formErrors }
      : { formErrors: [failureMessage(failure)] };
  const result = submission.reply({ ...errors, hideFields: PASSWORD_FIELDS[intent] }) as SubmissionResult<string[]>;
  return data({ intent, result }, { status: failure ? failureStatus(failure) : 400 });
}

const TOASTS = {
  profile: 'Profile updated successfully',
  email: 'Email updated successfully',
  password: 'Password changed successfully',
  'end-session': 'Session ended',
} as const;

/** Each form of the page posts its `intent` with its button; everything acts on the signed-in user only. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'account');
  const form = await readForm(request);
  const intent = INTENTS.find((name) => name === form.get('intent'));
  if (!intent) throw data({ message: 'Unknown action.' }, { status: 400 });
  // The schemas' own messages are shown ('Name is required'), so Conform's empty-to-missing coercion is off.
  let answer: { submission: Submission<unknown>; failure: Failure | null };
  if (intent === 'profile') {
    const submission = parseWithZod(form, { schema: profileFormSchema, disableAutoCoercion: true });
    if (submission.status !== 'success') return refused(intent, submission);
    const result = await updateProfile(user.id, submission.value);
    answer = { submission, failure: result.ok ? null : result };
  } else if (intent === 'email') {
    const submission = parseWithZod(form, { schema: emailChangeSchema, disableAutoCoercion: true });
    if (submission.status !== 'success') return refused(intent, submission);
    const result = await changeEmail(user.id, submission.value);
    answer = { submission, failure: result.ok ? null : result };
  } else if (intent === 'password') {
    const submission = parseWithZod(form, { schema: passwordChangeSchema, disableAutoCoercion: true });
    if (submission.status !== 'success') return refused(intent, submission);
    const result = await changePassword(user.id, submission.value, await readSessionToken(request));
    answer = { submission, failure: result.ok ? null : result };
  } else {
    const submission = parseWithZod(form, { schema: endSessionSchema, disableAutoCoercion: true });
    if (submission.status !== 'success') return refused(intent, submission);
    const result = await endSession(user.id, submission.value.id);
    answer = { submission, failure: result.ok ? null : result };
  }
  if (answer.failure) return refused(intent, answer.submission, answer.failure);
  return redirectWithToast('/admin/account', { type: 'success', message: TOASTS[intent] });
}

export default function AccountScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { user, sessions } = loaderData;
  const resultFor = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);
  // A saved form is answered with a redirect here, a new location: the forms start again from the saved
  // values, and the password fields are emptied. A refused one stays put and keeps what was typed.
  const { key } = useLocation();
  return (
    <AdminPage title="My Account" subtitle={`Signed in as ${user.email}${user.role ? ` · ${user.role}` : ''}`}>
      <div className="grid max-w-5xl grid-cols-1 gap-6 lg:grid-cols-2">
        <ProfileForm key={`profile-${key}`} user={user} lastResult={resultFor('profile')} />
        <EmailForm key={`email-${key}`} email={user.email} lastResult={resultFor('email')} />
        <PasswordForm key={`password-${key}`} lastResult={resultFor('password')} />
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
      <SessionList sessions={sessions} lastResult={resultFor('end-session')} />
    </AdminPage>
  );
}
