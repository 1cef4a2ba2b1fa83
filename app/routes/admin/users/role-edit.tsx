import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';

import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { RoleForm } from '#app/components/admin/users/role-form.tsx';
import { replyInvalid, replyRefused, replyWithFailure } from '#app/http/failure.server.ts';
import { formText, readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { roleFormSchema } from '#app/schemas/user.ts';
import { ADMINISTRATOR_ROLE_ID } from '#app/services/users/actor.ts';
import { createRole, getRole, roleVersion, updateRole } from '#app/services/users/roles.server.ts';

import type { Route } from './+types/role-edit';

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.role ? 'Edit Role' : 'Add Role'} · Admin · Atelier` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireScreen(request, 'roles');
  const role = params.id ? await getRole(params.id) : null;
  if (params.id && !role) throw data({ message: 'This role no longer exists.' }, { status: 404 });
  return {
    role: role && { id: role.id, name: role.name, description: role.description, permissions: role.permissions },
    // The version the form is opened at: a save over someone else's change is refused.
    version: params.id ? await roleVersion(params.id) : null,
    held: actor.role?.permissions ?? [],
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireScreen(request, 'roles');
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: roleFormSchema });
  if (submission.status !== 'success') return replyInvalid(submission);
  const version = formText(form, 'version') || undefined;
  const result = params.id ? await updateRole(actor, params.id, submission.value, version) : await createRole(actor, submission.value);
  if (!result.ok) return result.reason === 'forbidden' ? replyRefused(submission, result) : replyWithFailure(submission, result);
  return redirectWithToast('/admin/users/roles', {
    type: 'success',
    message: params.id ? 'Role updated successfully' : 'Role created successfully',
  });
}

export default function RoleEditScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { role, held, version } = loaderData;
  return (
    <AdminPage title={role ? 'Edit Role' : 'Add Role'} subtitle={role ? role.name : 'A set of permissions to give users.'}>
      <RoleForm
        role={role}
        held={held}
        readOnlyGrid={role?.id === ADMINISTRATOR_ROLE_ID}
        lastResult={actionData?.result}
        version={version}
        conflict={!!actionData && 'conflict' in actionData && !!actionData.conflict}
      />
    </AdminPage>
  );
}
