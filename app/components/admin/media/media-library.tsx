import { Grid3x3, List, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Form, Link, useLocation, useRevalidator } from 'react-router';

import { SearchInput } from '#app/components/ui/search-input.tsx';
import { UPLOAD_ACCEPT } from '#app/lib/accepted-media.ts';
import type { MediaItem } from '#app/lib/media-item.ts';
import { MEDIA_TYPE_FILTERS } from '#app/lib/media-kind.ts';

import { useSearchForm } from '../use-search-form.ts';
import { MediaDeleteDialog } from './media-delete-dialog.tsx';
import { MediaEditDialog } from './media-edit-dialog.tsx';
import { MediaGrid } from './media-grid.tsx';
import { MediaTable } from './media-table.tsx';
import { UploadButton } from './upload-button.tsx';
import { UploadProgress } from './upload-progress.tsx';
import { UPLOAD_URL, useMediaUpload } from './use-media-upload.ts';

export interface MediaLibraryProps {
  items: MediaItem[];
  /** Ids of the items this user may edit and delete (their own, or all for those who manage all media). */
  manageable: string[];
  /** The site's default content language: the edit dialog asks for the alt text and description in each other one. */
  defaultLanguage: string;
  total: number;
  page: number;
  pageCount: number;
  q: string;
  type: string;
  view: 'grid' | 'list';
}

function withParams(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value) params.set(name, value);
    else params.delete(name);
  }
  const text = params.toString();
  return `/admin/media${text ? `?${text}` : ''}`;
}

/** The Media Library screen (docs/product.md, Media Library). */
export function MediaLibrary({ items, manageable, defaultLanguage, total, page, pageCount, q, type, view }: MediaLibraryProps) {
  const location = useLocation();
  const revalidator = useRevalidator();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<MediaItem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { searchBox, onChange: searchOnChange } = useSearchForm(q);

  // Items that left the page (deleted, filtered out) leave the selection too.
  useEffect(() => {
    setSelected((current) => {
      const present = new Set(items.filter((item) => manageable.includes(item.id)).map((item) => item.id));
      const kept = [...current].filter((id) => present.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [items, manageable]);

  const onUploaded = useCallback(() => {
    void revalidator.revalidate();
  }, [revalidator]);
  const { uploads, start, dismiss } = useMediaUpload(onUploaded);

  const toggle = useCallback((id: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const closeEdit = useCallback(() => setEditing(null), []);
  const afterDelete = useCallback(() => {
    setConfirming(false);
    setSelected(new Set());
  }, []);
  const canManage = useMemo(() => new Set(manageable), [manageable]);
  const selectedItems = useMemo(() => items.filter((item) => selected.has(item.id)), [items, selected]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <Form method="get" role="search" className="flex flex-1 flex-wrap items-center gap-3" onChange={searchOnChange}>
          <SearchInput
            id="media-search"
            label="Search media"
            wrapperClassName="min-w-48 flex-1"
            name="q"
            defaultValue={q}
            placeholder="Search media..."
            ref={searchBox}
          />
          <label htmlFor="media-type" className="sr-only">
            Type
          </label>
          <select
            id="media-type"
            name="type"
            defaultValue={type}
            className="rounded-md border border-gray-300 bg-white px-3 py-2 text-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none"
          >
            {MEDIA_TYPE_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {view === 'list' ? <input type="hidden" name="view" value="list" /> : null}
          <noscript>
            <button type="submit" className="rounded-md border border-gray-300 px-3 py-2 text-sm">
              Search
            </button>
          </noscript>
        </Form>
        <div className="flex items-center rounded-md border border-gray-300 bg-white p-0.5" role="group" aria-label="View">
          <Link
            to={withParams(location.search, { view: null })}
            aria-label="Grid view"
            aria-current={view === 'grid' ? 'true' : undefined}
            className={`rounded p-1.5 ${view === 'grid' ? 'bg-gray-200 text-gray-900' : 'text-gray-600 hover:bg-gray-100'}`}
          >
            <Grid3x3 className="size-4" aria-hidden />
          </Link>
          <Link
            to={withParams(location.search, { view: 'list' })}
            aria-label="List view"
            aria-current={view === 'list' ? 'true' : undefined}
            className={`rounded p-1.5 ${view === 'list' ? 'bg-gray-200 text-gray-900' : 'text-gray-600 hover:bg-gray-100'}`}
          >
            <List className="size-4" aria-hidden />
          </Link>
        </div>
        {selected.size ? (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className="flex items-center gap-2 rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800"
          >
            <Trash2 className="size-4" aria-hidden />
            Delete Selected ({selected.size})
          </button>
        ) : null}
        <form method="post" action={UPLOAD_URL} encType="multipart/form-data">
          <UploadButton label="Upload Files" name="file" accept={UPLOAD_ACCEPT} onFiles={(files) => void start(files)} />
          <noscript>
            <button type="submit" className="mt-2 rounded-md border border-gray-300 px-3 py-2 text-sm">
              Send
            </button>
          </noscript>
        </form>
      </div>

      <UploadProgress uploads={uploads} onDismiss={dismiss} />

      <p className="text-sm text-gray-600" aria-live="polite">
        {total === 1 ? '1 item' : `${total} items`}
        {selected.size ? ` · ${selected.size} selected` : ''}
      </p>

      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white p-10 text-center text-sm text-gray-600">
          {q || type ? 'No media match your search.' : 'No media yet: upload your first files.'}
        </p>
      ) : view === 'list' ? (
        <MediaTable items={items} canManage={canManage} selected={selected} onToggle={toggle} onEdit={setEditing} />
      ) : (
        <MediaGrid items={items} canManage={canManage} selected={selected} onToggle={toggle} onEdit={setEditing} />
      )}

      {pageCount > 1 ? (
        <nav aria-label="Pagination" className="flex items-center justify-between text-sm">
          {page > 1 ? (
            <Link
              to={withParams(location.search, { page: String(page - 1) })}
              className="rounded-md border border-gray-300 bg-white px-3 py-1.5 hover:bg-gray-50"
            >
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-gray-600">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link
              to={withParams(location.search, { page: String(page + 1) })}
              className="rounded-md border border-gray-300 bg-white px-3 py-1.5 hover:bg-gray-50"
            >
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}

      <MediaEditDialog item={editing} back={location.search} defaultLanguage={defaultLanguage} onClose={closeEdit} />
      <MediaDeleteDialog
        items={selectedItems}
        back={location.search}
        open={confirming && selectedItems.length > 0}
        onOpenChange={setConfirming}
        onDeleted={afterDelete}
      />
    </div>
  );
}
