import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';

import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { TwoFactorResetCard } from '#app/components/admin/users/two-factor-reset.tsx';
import { UserForm } from '#app/components/admin/users/user-form.tsx';
import { replyInvalid, replyRefused, replyWithFailure } from '#app/http/failure.server.ts';
import { formText, readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { userFormSchema } from '#app/schemas/user.ts';
import { twoFactorStatus } from '#app/services/auth/two-factor.server.ts';
import { holdsAll } from '#app/services/users/actor.ts';
import { listRoles } from '#app/services/users/roles.server.ts';
import { createInvitedUser, getUser, updateUser, userVersion } from '#app/services/users/users.server.ts';

import type { Route } from './+types/edit';
import { deliverInvitation } from './invite-delivery.server.ts';

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.user ? 'Edit User' : 'Add User'} · Admin · Atelier` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireScreen(request, 'users');
  const user = params.id ? ((await getUser(params.id)) ?? null) : null;
  if (params.id && !user) throw data({ message: 'This user no longer exists.' }, { status: 404 });
  // Only roles this user may grant are offered, plus the one the edited user already has.
  const allRoles = await listRoles();
  const roles = allRoles
    .filter((role) => holdsAll(actor, role.permissions) || role.id === user?.role_id)
    .map(({ id, name }) => ({ id, name }));
  // Another user's two-factor state, for the reset button (one's own is managed from the account page),
  // offered only when the user may be managed at all (the reset's own rule, checked again on the server).
  const twoFactor = user && user.id !== actor.id ? await twoFactorStatus(user.id) : null;
  const targetRole = allRoles.find((role) => role.id === user?.role_id);
  const canReset = holdsAll(actor, targetRole?.permissions ?? []);
  // The version the form is opened at: a save over someone else's change is refused.
  const version = user ? await userVersion(user.id) : null;
  return { user, roles, self: user?.id === actor.id, twoFactorEnabled: twoFactor?.enabled ?? null, canReset, version };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireScreen(request, 'users');
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: userFormSchema });
  if (submission.status !== 'success') return replyInvalid(submission);
  // A guard's refusal (own role, last administrator, a role beyond one's own) is said beside the form, as a 403.
  if (params.id) {
    const result = await updateUser(actor, params.id, submission.value, formText(form, 'version') || undefined);
    if (!result.ok) return result.reason === 'forbidden' ? replyRefused(submission, result) : replyWithFailure(submission, result);
    return redirectWithToast('/admin/users', { type: 'success', message: 'User updated successfully' });
  }
  const created = await createInvitedUser(actor, submission.value);
  if (!created.ok) return created.reason === 'forbidden' ? replyRefused(submission, created) : replyWithFailure(submission, created);
  return deliverInvitation({
    invitee: { name: submission.value.name, email: submission.value.email },
    token: created.token,
    mail: true,
    back: '/admin/users',
    toast: { type: 'success', message: 'User created successfully' },
  });
}

export default function UserEditScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { user, roles, self, twoFactorEnabled, canReset, version } = loaderData;
  return (
    <AdminPage title={user ? 'Edit User' : 'Add User'} subtitle={user ? user.email : 'Invite a colleague to the admin.'}>
      <UserForm
        user={user}
        roles={roles}
        self={self}
        lastResult={actionData?.result}
        version={version}
        conflict={!!actionData && 'conflict' in actionData && !!actionData.conflict}
      />
      {user && twoFactorEnabled !== null ? <TwoFactorResetCard userId={user.id} enabled={twoFactorEnabled} canReset={canReset} /> : null}
    </AdminPage>
  );
}
