import { data } from 'react-router';

import { type Column, DataTable } from '#app/components/admin/data-table.tsx';
import { ListFilters } from '#app/components/admin/list-filters.tsx';
import { Pagination } from '#app/components/admin/pagination.tsx';
import { DeleteRowButton, EditRowLink, RowActionButton } from '#app/components/admin/row-actions.tsx';
import { InviteLinkPanel } from '#app/components/admin/users/invite-link-panel.tsx';
import { UserAvatar } from '#app/components/admin/users/user-avatar.tsx';
import { UsersScreen } from '#app/components/admin/users/users-screen.tsx';
import { SiteDate } from '#app/components/site-date.tsx';
import { inputClass } from '#app/components/ui/buttons.ts';
import { useRowFailureToast } from '#app/components/ui/row-failure-toast.ts';
import { replyRowFailure } from '#app/http/failure.server.ts';
import { readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { type InviteFlash, inviteFlashHeader, takeInviteFlash } from '#app/http/invite-flash.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { hasPermission } from '#app/lib/permissions.ts';
import { readUserListQuery, USER_STATUSES, userRowActionSchema } from '#app/schemas/user.ts';
import { createResetLink } from '#app/services/password-reset/admin-reset-link.server.ts';
import { renewInvitation, revokeInvitation } from '#app/services/users/invitations.server.ts';
import { deleteUser, listUsers, type UserListItem } from '#app/services/users/users.server.ts';

import type { Route } from './+types/list';
import { deliverInvitation } from './invite-delivery.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Users · Admin · Atelier' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, 'users');
  const query = readUserListQuery(new URL(request.url));
  const [list, flash] = await Promise.all([listUsers(query), takeInviteFlash(request)]);
  return data(
    { list, query, invite: flash.invite, me: user.id, canRoles: hasPermission(user, 'manage_roles') },
    { headers: flash.headers },
  );
}

/** Row actions: delete (guarded); for a pending user re-send, copy (a fresh link) and revoke the invitation; for an active one a password reset link. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'users');
  const parsed = userRowActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data({ message: 'Unknown action.' }, { status: 400 });
  const { intent, id } = parsed.data;
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  if (intent === 'delete') {
    const result = await deleteUser(user, id);
    if (!result.ok) return replyRowFailure(result, { intent });
    return redirectWithToast(back, { type: 'success', message: 'User deleted successfully' });
  }
  if (intent === 'reset-link') {
    const result = await createResetLink(user, id);
    if (!result.ok) return replyRowFailure(result, { intent });
    const flash: InviteFlash = {
      purpose: 'password-reset',
      name: result.name,
      email: result.email,
      link: result.link,
      emailed: false,
      note: null,
    };
    return redirectWithToast(
      back,
      { type: 'success', message: 'Password reset link created' },
      { headers: { 'Set-Cookie': await inviteFlashHeader(flash) } },
    );
  }
  if (intent === 'revoke') {
    const result = await revokeInvitation(user, id);
    if (!result.ok) return replyRowFailure(result, { intent });
    return redirectWithToast(back, { type: 'success', message: 'Invitation revoked' });
  }
  const result = await renewInvitation(user, id);
  if (!result.ok) return replyRowFailure(result, { intent });
  return deliverInvitation({
    invitee: { name: result.name, email: result.email },
    token: result.token,
    mail: intent === 'resend',
    back,
    toast: { type: 'success', message: intent === 'resend' ? 'Invitation sent' : 'New invitation link created' },
  });
}

const STATUS_LABELS = { active: 'Active', inactive: 'Inactive', pending: 'Pending' } as const;
const STATUS_STYLES = {
  active: 'bg-green-100 text-green-800',
  inactive: 'bg-gray-200 text-gray-800',
  pending: 'bg-amber-100 text-amber-900',
} as const;

export default function UserListScreen({ loaderData, actionData }: Route.ComponentProps) {
  useRowFailureToast(actionData);
  const { list, query, invite, me, canRoles } = loaderData;
  const columns: Column<UserListItem>[] = [
    {
      header: 'User',
      cell: (user) => (
        <div className="flex items-center gap-3">
          <UserAvatar name={user.name} avatar={user.avatar} />
          <div className="min-w-0">
            <div className="truncate font-medium text-gray-900">{user.name}</div>
            <div className="truncate text-gray-600">{user.email}</div>
          </div>
        </div>
      ),
    },
    { header: 'Role', cell: (user) => user.role_name ?? user.role_id },
    {
      header: 'Status',
      cell: (user) => (
        <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[user.status]}`}>
          {STATUS_LABELS[user.status]}
        </span>
      ),
    },
    {
      header: 'Last Login',
      className: 'whitespace-nowrap',
      cell: (user) => (user.last_login_at ? <SiteDate iso={user.last_login_at} time /> : 'Never'),
    },
    {
      header: 'Actions',
      className: 'text-right whitespace-nowrap',
      cell: (user) => (
        <>
          {user.status === 'pending' ? (
            <>
              <RowActionButton intent="copy-link" id={user.id} label="Copy Link" itemTitle={user.name} className="text-blue-800" />
              <RowActionButton intent="resend" id={user.id} label="Resend" itemTitle={user.name} className="text-blue-800" />
              {user.invited_until ? (
                <RowActionButton intent="revoke" id={user.id} label="Revoke" itemTitle={user.name} className="text-amber-800" />
              ) : null}
            </>
          ) : null}
          {user.status === 'active' && user.id !== me ? (
            <RowActionButton
              intent="reset-link"
              id={user.id}
              label="Reset Link"
              itemTitle={user.name}
              className="text-blue-800"
              confirm={{
                title: 'Password reset link',
                message: `Make a password reset link for ${user.name}? Any earlier reset link stops working. Their current password keeps working until the link is used.`,
              }}
            />
          ) : null}
          <EditRowLink to={`/admin/users/${user.id}`} itemTitle={user.name} />
          {user.id === me ? null : (
            <DeleteRowButton
              id={user.id}
              itemTitle={user.name}
              confirm={{ title: 'Delete User', message: 'Are you sure you want to delete this user?' }}
            />
          )}
        </>
      ),
    },
  ];
  return (
    <UsersScreen
      current="users"
      allowed={{ users: true, roles: canRoles }}
      subtitle="Staff accounts, their roles and invitations."
      add={{ to: '/admin/users/new', label: 'Add User' }}
    >
      {invite ? <InviteLinkPanel invite={invite} /> : null}
      <ListFilters search={query.q} placeholder="Search users..." label="Search users by name or email">
        <div className="w-full sm:w-48">
          <label htmlFor="status-filter" className="sr-only">
            Status
          </label>
          <select id="status-filter" name="status" defaultValue={query.status ?? ''} className={inputClass}>
            <option value="">All Status</option>
            {USER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
      </ListFilters>
      <DataTable
        caption="Users"
        rows={list.items}
        columns={columns}
        empty={query.q || query.status ? 'No users match this search.' : 'No users yet.'}
      />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} more={list.more} noun="user" />
    </UsersScreen>
  );
}
