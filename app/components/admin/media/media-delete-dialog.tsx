import { AlertTriangle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';

import { Modal } from '#app/components/ui/modal.tsx';
import { useRowFailureToast } from '#app/components/ui/row-failure-toast.ts';
import type { ActionReply } from '#app/http/failure.server.ts';
import type { MediaItem } from '#app/lib/media-item.ts';

/** Spec 8's confirmation, plus where each selected item is still used, before anything goes. */
export function MediaDeleteDialog(props: {
  items: MediaItem[];
  back: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const { items, back, open, onOpenChange, onDeleted } = props;
  const fetcher = useFetcher<ActionReply>();
  // A refused delete (someone else's item) is said as an error toast.
  useRowFailureToast(fetcher.data);
  const submitted = useRef(false);
  useEffect(() => {
    if (fetcher.state !== 'idle') submitted.current = true;
    else if (submitted.current) {
      submitted.current = false;
      onDeleted();
    }
  }, [fetcher.state, onDeleted]);
  const inUse = items.filter((item) => item.usedIn.length);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Delete Selected">
      <fetcher.Form method="post" action="/admin/media" className="space-y-4">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="back" value={back} />
        {items.map((item) => (
          <input key={item.id} type="hidden" name="ids" value={item.id} />
        ))}
        <p className="text-sm text-gray-800">{`Are you sure you want to delete ${items.length === 1 ? 'this item' : 'these items'}?`}</p>
        {inUse.length ? (
          <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <p className="flex items-center gap-2 font-semibold">
              <AlertTriangle className="size-4" aria-hidden />
              {inUse.length === 1 ? 'This item is still in use:' : 'These items are still in use:'}
            </p>
            <ul className="mt-2 list-disc space-y-1 pl-6">
              {inUse.map((item) => (
                <li key={item.id}>
                  <span className="font-medium">{item.title || item.originalName}</span> is used in {item.usedIn.join(', ')}
                </li>
              ))}
            </ul>
            <p className="mt-2">Those places will show a missing image until you choose another one.</p>
          </div>
        ) : null}
        <div className="flex justify-end gap-2">
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={fetcher.state !== 'idle'}
            className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            Delete
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
