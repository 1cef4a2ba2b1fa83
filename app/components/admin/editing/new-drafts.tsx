import { Link } from 'react-router';

import { relativeTime } from '#app/lib/relative-time.ts';

/**
 * The list's Drafts (docs/product.md, "Autosave"): the user's own pages or posts that were autosaved but never
 * saved, newest first; each reopens its editor with the offer to restore the autosave.
 */
export function NewDrafts(props: { drafts: { itemKey: string; title: string; savedAt: string }[]; newPath: string; now: number }) {
  if (props.drafts.length === 0) return null;
  return (
    <section aria-labelledby="new-drafts-title" className="mb-6 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id="new-drafts-title" className="text-base font-semibold text-gray-900">
        Drafts
      </h2>
      <p className="text-sm text-gray-700">Autosaved, never saved: only you see them.</p>
      <ul className="mt-2 divide-y divide-gray-100">
        {props.drafts.map((draft) => (
          <li key={draft.itemKey} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <Link to={`${props.newPath}?draft=${encodeURIComponent(draft.itemKey)}`} className="font-medium text-blue-800 hover:underline">
              {draft.title.trim() || 'Untitled'}
            </Link>
            <span className="text-gray-700">Autosaved {relativeTime(draft.savedAt, props.now)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The list's marker on an item someone else is editing now. */
export function EditingMarker(props: { name: string | undefined }) {
  if (!props.name) return null;
  return (
    <span className="mr-2 inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
      {props.name} is editing
    </span>
  );
}
