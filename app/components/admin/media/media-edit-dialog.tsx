import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';

import { Modal } from '#app/components/ui/modal.tsx';
import { formatFileSize } from '#app/lib/file-size.ts';
import type { MediaItem } from '#app/lib/media-item.ts';

import { KIND_LABELS } from './media-format.ts';
import { MediaThumbnail } from './media-thumbnail.tsx';

const inputClass =
  'mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none';

/** Edit Media (docs/product.md, Media Library): Title, Description, Alt Text, Tags comma separated; Cancel, Save Changes. */
export function MediaEditDialog({ item, back, onClose }: { item: MediaItem | null; back: string; onClose: () => void }) {
  const fetcher = useFetcher<{ error?: string }>();
  const submitted = useRef(false);
  useEffect(() => {
    if (fetcher.state === 'submitting') submitted.current = true;
    if (fetcher.state === 'idle' && submitted.current) {
      submitted.current = false;
      if (!fetcher.data?.error) onClose();
    }
  }, [fetcher.state, fetcher.data, onClose]);

  return (
    <Modal open={!!item} onOpenChange={(open) => (open ? undefined : onClose())} title="Edit Media">
      {item ? (
        <fetcher.Form method="post" action="/admin/media" className="space-y-4">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="back" value={back} />
          <div className="flex gap-4">
            <span className="size-20 shrink-0 overflow-hidden rounded border border-gray-200">
              <MediaThumbnail item={item} />
            </span>
            <dl className="min-w-0 text-xs text-gray-600">
              <dt className="sr-only">File</dt>
              <dd className="truncate font-medium text-gray-800">{item.originalName}</dd>
              <dt className="sr-only">Details</dt>
              <dd>
                {KIND_LABELS[item.type]} · {formatFileSize(item.fileSize)}
                {item.dimensions ? ` · ${item.dimensions.width} × ${item.dimensions.height}` : ''}
              </dd>
              <dt className="sr-only">Address</dt>
              <dd className="truncate">
                <a href={item.url} target="_blank" rel="noreferrer" className="text-blue-700 underline">
                  {item.url}
                </a>
              </dd>
            </dl>
          </div>
          <Field label="Title" name="title" defaultValue={item.title} />
          <div>
            <label htmlFor="media-description" className="block text-sm font-medium text-gray-800">
              Description
            </label>
            <textarea id="media-description" name="description" rows={3} defaultValue={item.description} className={inputClass} />
          </div>
          <Field label="Alt Text" name="alt" defaultValue={item.alt} />
          <Field label="Tags (comma separated)" name="tags" defaultValue={item.tags.join(', ')} />
          {fetcher.data?.error ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {fetcher.data.error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2 pt-2">
            <button
              type="button"
              onClick={onClose}
              className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
            >
              Cancel
            </button>
            <button
              type="submit"
              disabled={fetcher.state !== 'idle'}
              className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
            >
              Save Changes
            </button>
          </div>
        </fetcher.Form>
      ) : null}
    </Modal>
  );
}

function Field({ label, name, defaultValue }: { label: string; name: string; defaultValue: string }) {
  const id = `media-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input id={id} name={name} type="text" defaultValue={defaultValue} className={inputClass} />
    </div>
  );
}
