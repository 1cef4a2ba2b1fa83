import * as Dialog from '@radix-ui/react-dialog';

import { dangerButton, secondaryButton } from './buttons.ts';

/** A yes/no question in a modal (focus kept inside, Escape cancels). */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={(open) => (open ? undefined : props.onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-900/50" />
        <Dialog.Content
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-gray-900">{props.title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-gray-700">{props.message}</Dialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <button type="button" className={secondaryButton} onClick={props.onCancel}>
              {props.cancelLabel ?? 'Cancel'}
            </button>
            <button type="button" className={dangerButton} onClick={props.onConfirm}>
              {props.confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
