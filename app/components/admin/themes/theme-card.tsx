import { Check, Download, Eye, Pencil, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';

import { primaryButton, rowAction, secondaryButton } from '#app/components/ui/buttons.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';

import { ThemeThumbnail, type ThumbnailSettings } from './theme-thumbnail.tsx';

export interface ThemeCardData {
  id: string;
  name: string;
  description: string;
  isActive: boolean;
  canDelete: boolean;
  thumbnail: ThumbnailSettings;
}

/** One theme on the Themes screen: its picture, name, description, Active badge and what can be done to it. */
export function ThemeCard({ theme }: { theme: ThemeCardData }) {
  const deleteForm = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState(false);
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('id') === theme.id;
  return (
    <li className="flex flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-gray-200" aria-label={theme.name}>
      <div className="relative border-b border-gray-200">
        <ThemeThumbnail settings={theme.thumbnail} name={theme.name} />
        {theme.isActive ? (
          <span className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-full bg-green-700 px-2.5 py-0.5 text-xs font-semibold text-white">
            <Check className="size-3" aria-hidden />
            Active
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-gray-900" title={theme.name}>
            {theme.name}
          </h2>
          <p className="mt-1 line-clamp-2 text-sm break-words text-gray-600">{theme.description}</p>
        </div>
        <div className="mt-auto flex flex-wrap items-center gap-2">
          {theme.isActive ? null : (
            <Form method="post">
              <input type="hidden" name="intent" value="activate" />
              <input type="hidden" name="id" value={theme.id} />
              <button type="submit" className={primaryButton} disabled={busy} aria-label={`Activate: ${theme.name}`}>
                Activate
              </button>
            </Form>
          )}
          {/* A button, like the editors' Preview; the preview is in the address (?preview=id), so it works without scripts. */}
          <Form method="get">
            <input type="hidden" name="preview" value={theme.id} />
            <button type="submit" className={secondaryButton} aria-label={`Preview: ${theme.name}`}>
              <Eye className="size-4" aria-hidden />
              Preview
            </button>
          </Form>
          <Link to={`/admin/themes/${encodeURIComponent(theme.id)}/edit`} className={secondaryButton} aria-label={`Edit: ${theme.name}`}>
            <Pencil className="size-4" aria-hidden />
            Edit
          </Link>
        </div>
        <div className="flex flex-wrap items-center gap-1 border-t border-gray-100 pt-2">
          <a
            href={`/admin/themes/${encodeURIComponent(theme.id)}/export`}
            download
            className={`${rowAction} inline-flex items-center gap-1 text-blue-800`}
            aria-label={`Export: ${theme.name}`}
          >
            <Download className="size-4" aria-hidden />
            Export
          </a>
          {theme.canDelete ? (
            <Form method="post" ref={deleteForm} className="ml-auto">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={theme.id} />
              <button
                type="button"
                onClick={() => setConfirming(true)}
                className={`${rowAction} inline-flex items-center gap-1 text-red-700`}
                aria-label={`Delete: ${theme.name}`}
              >
                <Trash2 className="size-4" aria-hidden />
                Delete
              </button>
              <ConfirmDialog
                open={confirming}
                title="Delete Theme"
                message={`Are you sure you want to delete the theme "${theme.name}"?${theme.isActive ? ' It is the active theme: the default theme will become active.' : ''} This cannot be undone.`}
                confirmLabel="Delete"
                onCancel={() => setConfirming(false)}
                onConfirm={() => {
                  setConfirming(false);
                  deleteForm.current?.requestSubmit();
                }}
              />
            </Form>
          ) : null}
        </div>
      </div>
    </li>
  );
}
