import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, MonitorX, UserRound } from 'lucide-react';
import { Link, useLocation, useSubmit } from 'react-router';

import type { SessionUser } from '#app/services/auth/session-user.ts';

/** The signed-in user's menu in the admin top bar. */
export function UserMenu({ user }: { user: SessionUser }) {
  const submit = useSubmit();
  const location = useLocation();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          className="flex items-center gap-1 rounded-md px-2 py-2 text-sm text-gray-700 hover:bg-gray-100"
          aria-label={`Account menu for ${user.name}`}
        >
          <span className="hidden max-w-40 truncate sm:inline">{user.name}</span>
          <ChevronDown className="size-4" aria-hidden />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 w-64 rounded-lg bg-white p-2 shadow-lg ring-1 ring-gray-200">
          <DropdownMenu.Label className="truncate px-2 py-1 text-xs text-gray-600">{user.email}</DropdownMenu.Label>
          <DropdownMenu.Item asChild>
            <Link
              to="/admin/account"
              className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-gray-800 outline-none data-[highlighted]:bg-gray-100"
            >
              <UserRound className="size-4" aria-hidden />
              My Account
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-gray-800 outline-none data-[highlighted]:bg-gray-100"
            onSelect={() => submit({ redirectTo: `${location.pathname}${location.search}` }, { method: 'post', action: '/logout/others' })}
          >
            <MonitorX className="size-4" aria-hidden />
            Sign out of all other sessions
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
