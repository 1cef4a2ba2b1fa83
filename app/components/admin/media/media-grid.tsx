import { Check, Pencil } from 'lucide-react';

import { formatFileSize } from '#app/lib/file-size.ts';
import type { MediaItem } from '#app/lib/media-item.ts';

import { MediaThumbnail } from './media-thumbnail.tsx';

export interface MediaViewProps {
  items: MediaItem[];
  /** Items offered for selection (deletion) and editing; the others are shown only. */
  canManage: ReadonlySet<string>;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onEdit: (item: MediaItem) => void;
}

/** Cards in 2 to 6 columns by width (docs/product.md, Media Library); a click selects, the pencil edits (items the user may change only). */
export function MediaGrid({ items, canManage, selected, onToggle, onEdit }: MediaViewProps) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6" aria-label="Media items">
      {items.map((item) => {
        const isSelected = selected.has(item.id);
        return (
          <li
            key={item.id}
            className={`group relative overflow-hidden rounded-lg border bg-white ${isSelected ? 'border-blue-600 ring-2 ring-blue-600' : 'border-gray-200'}`}
          >
            {canManage.has(item.id) ? (
              <button
                type="button"
                aria-pressed={isSelected}
                aria-label={`Select ${item.title || item.originalName}`}
                onClick={() => onToggle(item.id)}
                className="block w-full text-left focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
              >
                <CardBody item={item} />
              </button>
            ) : (
              <div className="block w-full text-left">
                <CardBody item={item} />
              </div>
            )}
            {isSelected ? (
              <span className="pointer-events-none absolute top-2 left-2 flex size-6 items-center justify-center rounded-full bg-blue-600 text-white">
                <Check className="size-4" aria-hidden />
              </span>
            ) : null}
            {canManage.has(item.id) ? (
              <EditMediaButton
                item={item}
                onEdit={onEdit}
                className="absolute top-2 right-2 bg-white/90 text-gray-700 shadow-sm ring-1 ring-gray-200 hover:bg-white"
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function CardBody({ item }: { item: MediaItem }) {
  return (
    <>
      <span className="block aspect-square">
        <MediaThumbnail item={item} />
      </span>
      <span className="block p-2">
        <span className="block truncate text-sm font-medium text-gray-900">{item.title || item.originalName}</span>
        <span className="block text-xs text-gray-600">{formatFileSize(item.fileSize)}</span>
        <span className="block truncate text-xs text-gray-600" title={item.usedIn.join(', ')}>
          {item.usedIn.length ? `Used in: ${item.usedIn.join(', ')}` : 'Not used'}
        </span>
      </span>
    </>
  );
}

/** The pencil that opens an item's Edit dialog, in both views. */
export function EditMediaButton({ item, onEdit, className }: { item: MediaItem; onEdit: (item: MediaItem) => void; className: string }) {
  return (
    <button
      type="button"
      onClick={() => onEdit(item)}
      className={`rounded-md p-1.5 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 ${className}`}
      aria-label={`Edit ${item.title || item.originalName}`}
    >
      <Pencil className="size-4" aria-hidden />
    </button>
  );
}
