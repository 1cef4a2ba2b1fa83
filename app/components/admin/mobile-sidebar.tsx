import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useState } from 'react';

import type { SessionUser } from '#app/services/auth/session-user.ts';

import { SidebarNav } from './sidebar.tsx';

/** On small screens the sidebar is a slide-over behind a menu button. */
export function MobileSidebar({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="rounded-md p-2 text-gray-700 hover:bg-gray-100 lg:hidden" aria-label="Open menu">
          <Menu className="size-5" aria-hidden />
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/50 lg:hidden" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-72 bg-white shadow-xl lg:hidden" aria-describedby={undefined}>
          <Dialog.Title className="sr-only">Admin navigation</Dialog.Title>
          <Dialog.Close className="absolute top-4 right-4 rounded-md p-1 text-gray-600 hover:bg-gray-100" aria-label="Close menu">
            <X className="size-5" aria-hidden />
          </Dialog.Close>
          <SidebarNav user={user} onNavigate={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
