import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

/** A centred dialog with a title and a close button; Radix keeps focus inside and restores it. */
export function Modal(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/50" />
        <Dialog.Content
          // Without a description, tell Radix there is none on purpose.
          {...(props.description ? {} : { 'aria-describedby': undefined })}
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl ${props.wide ? 'max-w-4xl' : 'max-w-lg'}`}
        >
          <div className="flex items-start justify-between gap-4 border-b border-gray-200 px-5 py-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-gray-900">{props.title}</Dialog.Title>
              {props.description ? (
                <Dialog.Description className="mt-1 text-sm text-gray-600">{props.description}</Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close className="rounded-md p-1 text-gray-500 hover:bg-gray-100" aria-label="Close">
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-4">{props.children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
