import type { Submission, SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { data, Link, useLocation } from 'react-router';
import type { z } from 'zod';

import { EmailForm, PasswordForm, ProfileForm, SessionList } from '#app/components/admin/account/account-forms.tsx';
import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { Card } from '#app/components/ui/field.tsx';
import { failureMessage, failureStatus } from '#app/http/failure.server.ts';
import { readForm } from '#app/http/form.server.ts';
import { readSessionToken, requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { emailChangeSchema, endSessionSchema, passwordChangeSchema, profileFormSchema } from '#app/schemas/user.ts';
import { endSession, listSessions } from '#app/services/auth/user-sessions.server.ts';
import type { Failure, Result } from '#app/services/failures.ts';
import { changeEmail, changePassword, updateProfile } from '#app/services/users/account.server.ts';

import type { Route } from './+types/account';

export const meta: Route.MetaFunction = () => [{ title: 'My Account · Admin · Atelier' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, 'account');
  const sessions = await listSessions(user.id, await readSessionToken(request));
  return { user: { name: user.name, email: user.email, avatar: user.avatar, role: user.role?.name ?? '' }, sessions };
}

type Intent = 'profile' | 'email' | 'password' | 'end-session';

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

/** Reads one form with its schema, runs its change, and answers: back to the page with a toast, or refused. */
async function submitForm<Schema extends z.ZodType>(
  intent: Intent,
  form: FormData,
  schema: Schema,
  change: (value: z.output<Schema>) => Promise<Result>,
) {
  // The schemas' own messages are shown ('Name is required'), so Conform's empty-to-missing coercion is off.
  const submission = parseWithZod(form, { schema, disableAutoCoercion: true });
  if (submission.status !== 'success') return refused(intent, submission);
  const result = await change(submission.value);
  if (!result.ok) return refused(intent, submission, result);
  return redirectWithToast('/admin/account', { type: 'success', message: TOASTS[intent] });
}

/** Each form of the page posts its `intent` with its button; everything acts on the signed-in user only. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'account');
  const form = await readForm(request);
  switch (form.get('intent')) {
    case 'profile':
      return submitForm('profile', form, profileFormSchema, (value) => updateProfile(user.id, value));
    case 'email':
      return submitForm('email', form, emailChangeSchema, (value) => changeEmail(user.id, value));
    case 'password': {
      const token = await readSessionToken(request);
      return submitForm('password', form, passwordChangeSchema, (value) => changePassword(user.id, value, token));
    }
    case 'end-session':
      return submitForm('end-session', form, endSessionSchema, (value) => endSession(user.id, value.id));
    default:
      throw data({ message: 'Unknown action.' }, { status: 400 });
  }
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
