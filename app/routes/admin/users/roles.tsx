import { data } from 'react-router';

import { type Column, DataTable } from '#app/components/admin/data-table.tsx';
import { EditRowLink } from '#app/components/admin/row-actions.tsx';
import { RoleDeleteButton } from '#app/components/admin/users/role-delete-button.tsx';
import { UsersScreen } from '#app/components/admin/users/users-screen.tsx';
import { useRowFailureToast } from '#app/components/ui/row-failure-toast.ts';
import { failureStatus, replyRowFailure } from '#app/http/failure.server.ts';
import { readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { hasPermission } from '#app/lib/permissions.ts';
import { roleDeleteSchema } from '#app/schemas/user.ts';
import { ADMINISTRATOR_ROLE_ID, holdsAll } from '#app/services/users/actor.ts';
import { deleteRole, listRoles, type RoleSummary } from '#app/services/users/roles.server.ts';

import type { Route } from './+types/roles';

export const meta: Route.MetaFunction = () => [{ title: 'Roles · Users · Admin · Atelier' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, 'roles');
  const roles = (await listRoles()).map((role) => ({ ...role, canChange: holdsAll(user, role.permissions) }));
  return { roles, canUsers: hasPermission(user, 'manage_users') };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'roles');
  const parsed = roleDeleteSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data({ message: 'Unknown action.' }, { status: 400 });
  const result = await deleteRole(user, parsed.data.id, parsed.data.moveTo || null);
  if (!result.ok) {
    const status = failureStatus(result);
    return replyRowFailure(result.reason === 'invalid' ? 'Choose another role for its users.' : result, { intent: 'delete', status });
  }
  return redirectWithToast('/admin/users/roles', { type: 'success', message: 'Role deleted successfully' });
}

type Row = RoleSummary & { canChange: boolean };

export default function RolesScreen({ loaderData, actionData }: Route.ComponentProps) {
  useRowFailureToast(actionData);
  const { roles, canUsers } = loaderData;
  const columns: Column<Row>[] = [
    { header: 'Role', cell: (role) => <span className="font-medium text-gray-900">{role.name}</span> },
    { header: 'Description', cell: (role) => <span className="text-gray-700">{role.description}</span> },
    {
      header: 'Permissions',
      cell: (role) => (
        <div className="min-w-48">
          <div className="font-medium text-gray-900">{role.permissions.length} of 12</div>
          <div className="font-mono text-xs text-gray-600">{role.permissions.join(', ') || 'None'}</div>
        </div>
      ),
    },
    { header: 'Users', className: 'text-right', cell: (role) => role.userCount },
    {
      header: 'Actions',
      className: 'text-right whitespace-nowrap',
      cell: (role) =>
        role.canChange ? (
          <>
            <EditRowLink to={`/admin/users/roles/${encodeURIComponent(role.id)}`} itemTitle={role.name} />
            {role.id === ADMINISTRATOR_ROLE_ID ? null : (
              <RoleDeleteButton
                role={role}
                others={roles.filter((other) => other.id !== role.id && other.canChange).map(({ id, name }) => ({ id, name }))}
              />
            )}
          </>
        ) : (
          <span className="text-xs text-gray-500">Beyond your permissions</span>
        ),
    },
  ];
  return (
    <UsersScreen
      current="roles"
      allowed={{ users: canUsers, roles: true }}
      subtitle="Roles decide what each user may see and do; a change applies on their next request."
      add={{ to: '/admin/users/roles/new', label: 'Add Role' }}
    >
      <DataTable caption="Roles" rows={roles} columns={columns} empty="No roles yet." />
    </UsersScreen>
  );
}
