import { SiteDate } from '#app/components/site-date.tsx';
import { formatFileSize } from '#app/lib/file-size.ts';
import type { MediaItem } from '#app/lib/media-item.ts';

import { DataTable } from '../data-table.tsx';
import { KIND_LABELS } from './media-format.ts';
import { EditMediaButton, type MediaViewProps } from './media-grid.tsx';
import { MediaThumbnail } from './media-thumbnail.tsx';

/** The list view: File, Type, Size, Modified (docs/product.md, Media Library). */
export function MediaTable({ items, canManage, selected, onToggle, onEdit }: MediaViewProps) {
  const cellText = 'whitespace-nowrap text-gray-700';
  return (
    <DataTable
      caption="Media files"
      rows={items}
      empty="No media files found."
      rowClassName={(item) => (selected.has(item.id) ? 'bg-blue-50' : undefined)}
      columns={[
        {
          header: 'File',
          cell: (item) => (
            <div className="flex w-64 items-center gap-3 sm:w-auto sm:max-w-xl">
              {canManage.has(item.id) ? (
                <>
                  <button
                    type="button"
                    aria-pressed={selected.has(item.id)}
                    aria-label={`Select ${item.title || item.originalName}`}
                    onClick={() => onToggle(item.id)}
                    className="flex min-w-0 flex-1 items-center gap-3 rounded text-left focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
                  >
                    <FileCell item={item} />
                  </button>
                  <EditMediaButton item={item} onEdit={onEdit} className="shrink-0 text-gray-600 hover:bg-gray-100" />
                </>
              ) : (
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <FileCell item={item} />
                </div>
              )}
            </div>
          ),
        },
        { header: 'Type', cell: (item) => <span className={cellText}>{KIND_LABELS[item.type]}</span> },
        { header: 'Size', cell: (item) => <span className={cellText}>{formatFileSize(item.fileSize)}</span> },
        {
          header: 'Modified',
          cell: (item) => (
            <span className={cellText}>
              <SiteDate iso={item.lastModified} />
            </span>
          ),
        },
      ]}
    />
  );
}

function FileCell({ item }: { item: MediaItem }) {
  return (
    <>
      <span className="size-10 shrink-0 overflow-hidden rounded border border-gray-200">
        <MediaThumbnail item={item} size={320} />
      </span>
      <span className="min-w-0">
        <span className="block truncate font-medium text-gray-900">{item.title || item.originalName}</span>
        <span className="block truncate text-xs text-gray-600">
          {item.usedIn.length ? `Used in: ${item.usedIn.join(', ')}` : item.originalName}
        </span>
      </span>
    </>
  );
}
