import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Form } from 'react-router';

import { dangerButton, inputClass, rowAction, secondaryButton } from '#app/components/ui/buttons.ts';

/**
 * Delete a role, confirmed first. A role still held by users asks where they move before it goes
 * (the server refuses to delete a held role without a destination).
 */
export function RoleDeleteButton(props: { role: { id: string; name: string; userCount: number }; others: { id: string; name: string }[] }) {
  const [open, setOpen] = useState(false);
  const { role } = props;
  const held = role.userCount > 0;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className={`${rowAction} text-red-700`} aria-label={`Delete: ${role.name}`}>
          Delete
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-900/50" />
        <Dialog.Content
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-gray-900">Delete Role</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-gray-700">Are you sure you want to delete this role?</Dialog.Description>
          <Form method="post" className="mt-4 space-y-4" onSubmit={() => setOpen(false)}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={role.id} />
            {held ? (
              <div>
                <label htmlFor={`move-${role.id}`} className="mb-1 block text-sm font-medium text-gray-800">
                  {role.userCount === 1 ? '1 user has' : `${role.userCount} users have`} this role. Move them to
                </label>
                <select id={`move-${role.id}`} name="moveTo" required defaultValue={props.others[0]?.id ?? ''} className={inputClass}>
                  {props.others.map((other) => (
                    <option key={other.id} value={other.id}>
                      {other.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <div className="flex justify-end gap-3">
              <Dialog.Close asChild>
                <button type="button" className={secondaryButton}>
                  Cancel
                </button>
              </Dialog.Close>
              <button type="submit" className={dangerButton} disabled={held && props.others.length === 0}>
                {held ? 'Move users and delete' : 'Delete'}
              </button>
            </div>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
