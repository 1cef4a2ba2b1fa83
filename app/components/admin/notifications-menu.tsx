import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bell } from 'lucide-react';
import { SAMPLE_NOTIFICATIONS } from '#app/lib/dashboard-samples.ts';

/** The bell opens the notifications the dashboard also lists. */
export function NotificationsMenu() {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="relative rounded-full p-2 text-gray-700 hover:bg-gray-100" aria-label="Notifications">
          <Bell className="size-5" aria-hidden />
          <span className="absolute top-1 right-1 size-2 rounded-full bg-red-600" aria-hidden />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 w-80 rounded-lg bg-white p-2 shadow-lg ring-1 ring-gray-200">
          <DropdownMenu.Label className="px-2 py-1 text-sm font-semibold text-gray-900">Notifications</DropdownMenu.Label>
          {SAMPLE_NOTIFICATIONS.map((notification) => (
            <DropdownMenu.Item key={notification.id} className="rounded-md px-2 py-2 text-sm text-gray-700 outline-none data-[highlighted]:bg-gray-100">
              <p>{notification.message}</p>
              <p className="text-xs text-gray-600">{notification.time}</p>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
