import { useState } from 'react';

import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { relativeTime } from '#app/lib/relative-time.ts';

export interface RevisionItem {
  id: string;
  version: number;
  name: string;
  createdAt: string;
  /** The theme as it was made or shipped: always kept. */
  original: boolean;
}

/**
 * The last saved versions of the theme, newest first; Restore saves an older one as the newest,
 * after a confirmation, since it replaces what the editor shows (unsaved changes included).
 */
export function RevisionsList(props: {
  revisions: RevisionItem[];
  now: number;
  currentVersion: number;
  busy: boolean;
  onRestore: (id: string) => void;
}) {
  const [confirming, setConfirming] = useState<RevisionItem | null>(null);
  return (
    <section aria-labelledby="theme-revisions-title" className="border-t border-gray-200 p-3">
      <h2 id="theme-revisions-title" className="mb-2 text-xs font-semibold tracking-wide text-gray-600 uppercase">
        Saved versions
      </h2>
      {props.revisions.length === 0 ? (
        <p className="text-sm text-gray-600">No saved versions yet.</p>
      ) : (
        <ul className="space-y-1">
          {props.revisions.map((revision) => (
            <li key={revision.id} className="flex items-center justify-between gap-2 rounded-md px-2 py-1 text-sm hover:bg-gray-50">
              <span className="min-w-0 truncate text-gray-800">
                Version {revision.version}
                {revision.original ? ' (original)' : ''}
                <span className="text-gray-600"> · {relativeTime(revision.createdAt, props.now)}</span>
              </span>
              {revision.version === props.currentVersion ? (
                <span className="text-xs text-gray-600">Current</span>
              ) : (
                <button
                  type="button"
                  disabled={props.busy}
                  onClick={() => setConfirming(revision)}
                  aria-label={`Restore version ${revision.version}`}
                  className="rounded px-2 py-0.5 text-xs font-medium text-blue-800 ring-1 ring-blue-200 ring-inset hover:bg-blue-50 disabled:opacity-50"
                >
                  Restore
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={`Restore version ${confirming?.version ?? ''}?`}
        message="It is saved as the newest version of this theme and replaces what the editor shows now, unsaved changes included."
        confirmLabel="Restore"
        onConfirm={() => {
          if (confirming) props.onRestore(confirming.id);
          setConfirming(null);
        }}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
