import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';

import { Modal } from '#app/components/ui/modal.tsx';
import { SearchInput } from '#app/components/ui/search-input.tsx';
import { UPLOAD_ACCEPT } from '#app/lib/accepted-media.ts';
import type { MediaItem, PickedMedia } from '#app/lib/media-item.ts';
import type { MediaKind } from '#app/lib/media-kind.ts';
import type { loader as pickerLoader } from '#app/routes/resources/media-picker.ts';

import { MediaThumbnail } from './media/media-thumbnail.tsx';
import { UploadButton } from './media/upload-button.tsx';
import { UploadProgress } from './media/upload-progress.tsx';
import { useMediaUpload } from './media/use-media-upload.ts';

export interface MediaPickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (item: PickedMedia) => void;
  /** Which items to offer; images by default (featured image, hero image, logo). */
  type?: MediaKind;
  title?: string;
}

const SEARCH_DELAY_MS = 250;

export function pickedFrom(item: MediaItem): PickedMedia {
  return { id: item.id, url: item.url, alt: item.alt, width: item.dimensions?.width ?? null, height: item.dimensions?.height ?? null };
}

/**
 * Chooses an item of the media library: search, a grid, pages, and an upload
 * inside the dialog (for users with manage_media) whose files can be chosen
 * at once. Data comes from /admin/media/picker.
 */
export function MediaPicker({ open, onOpenChange, onSelect, type = 'image', title = 'Choose Image' }: MediaPickerProps) {
  const fetcher = useFetcher<typeof pickerLoader>();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { load } = fetcher;

  const reload = useCallback(
    (q: string, p: number) => {
      const params = new URLSearchParams({ type, page: String(p) });
      if (q) params.set('q', q);
      void load(`/admin/media/picker?${params}`);
    },
    [load, type],
  );

  useEffect(() => {
    if (open) reload(query, page);
    // Only opening and paging reload at once; typing reloads after a pause (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, page, reload]);

  // New files come first in an unfiltered list, ready to be chosen.
  const onUploaded = useCallback(() => {
    setQuery('');
    setPage(1);
    reload('', 1);
  }, [reload]);
  const { uploads, start, dismiss } = useMediaUpload(onUploaded);

  const choose = (item: MediaItem) => {
    onSelect(pickedFrom(item));
    onOpenChange(false);
  };

  const result = fetcher.data;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description="Pick a file from the media library, or upload a new one."
      wide
    >
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-3">
          <SearchInput
            id="media-picker-search"
            label="Search the media library"
            wrapperClassName="min-w-48 flex-1"
            value={query}
            placeholder="Search media..."
            onChange={(event) => {
              const value = event.currentTarget.value;
              setQuery(value);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => {
                setPage(1);
                reload(value.trim(), 1);
              }, SEARCH_DELAY_MS);
            }}
          />
          {result?.canUpload ? (
            <UploadButton label="Upload" accept={type === 'image' ? 'image/*' : UPLOAD_ACCEPT} onFiles={(files) => void start(files)} />
          ) : null}
        </div>

        <UploadProgress uploads={uploads} onDismiss={dismiss} />

        {!result ? (
          <p className="py-10 text-center text-sm text-gray-600">Loading…</p>
        ) : result.items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-gray-300 p-10 text-center text-sm text-gray-600">No media found.</p>
        ) : (
          <ul
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4"
            aria-label="Media to choose from"
            aria-busy={fetcher.state !== 'idle'}
          >
            {result.items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => choose(item)}
                  aria-label={`Choose ${item.title || item.originalName}`}
                  className="block w-full overflow-hidden rounded-lg border border-gray-200 text-left hover:border-blue-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
                >
                  <span className="block aspect-square">
                    <MediaThumbnail item={item} />
                  </span>
                  <span className="block truncate px-2 py-1.5 text-xs font-medium text-gray-800">{item.title || item.originalName}</span>
                </button>
              </li>
            ))}
          </ul>
        )}

        {result && result.pageCount > 1 ? (
          <nav aria-label="Media pages" className="flex items-center justify-between text-sm">
            <button
              type="button"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
              className="flex items-center gap-1 rounded-md border border-gray-300 px-3 py-1.5 disabled:opacity-50"
            >
              <ChevronLeft className="size-4" aria-hidden />
              Previous
            </button>
            <span className="text-gray-600">
              Page {result.page} of {result.pageCount}
            </span>
            <button
              type="button"
              disabled={page >= result.pageCount}
              onClick={() => setPage(page + 1)}
              className="flex items-center gap-1 rounded-md border border-gray-300 px-3 py-1.5 disabled:opacity-50"
            >
              Next
              <ChevronRight className="size-4" aria-hidden />
            </button>
          </nav>
        ) : null}
      </div>
    </Modal>
  );
}
