import { useEffect, useState } from 'react';

import { secondaryButton } from '#app/components/ui/buttons.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { relativeTime } from '#app/lib/relative-time.ts';
import { revisionSummary } from '#app/lib/revision-fields.ts';
import type { RevisionEntry } from '#app/services/revisions/revisions.server.ts';

import { type DiffFields, FieldsDiff } from './field-diff.tsx';
import { clockTime, type FormFields, stateToFields } from './form-fields.ts';

/**
 * The Revisions panel (docs/product.md, "Revisions"): the item's saves, newest first, with author, relative time and
 * what changed; choosing one shows it against the current version, and Restore (after a confirmation) loads it into
 * the editor as an unsaved change.
 */
export function RevisionsPanel(props: {
  url: string;
  current: FormFields;
  categoryNames?: Record<string, string>;
  /** The saved state as the form's fields (a page's or post's by default). */
  toFields?: (state: unknown) => FormFields;
  /** Which fields the diff compares and how it names them; `summaryLabel` names a changed field in the list. */
  fields?: DiffFields & { summaryLabel?: (field: string) => string };
  onRestore: (fields: FormFields, label: string, state: unknown) => void;
}) {
  const toFields = props.toFields ?? stateToFields;
  const [revisions, setRevisions] = useState<RevisionEntry[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState<{ entry: RevisionEntry; fields: FormFields; state: unknown } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const now = Date.now();

  useEffect(() => {
    fetch(props.url, { headers: { Accept: 'application/json' } })
      .then((response) => response.json() as Promise<{ ok: boolean; revisions?: RevisionEntry[]; message?: string }>)
      .then((body) => (body.ok ? setRevisions(body.revisions ?? []) : setProblem(body.message ?? 'The revisions could not be loaded.')))
      .catch(() => setProblem('The revisions could not be loaded.'));
  }, [props.url]);

  const choose = async (entry: RevisionEntry) => {
    const response = await fetch(`${props.url}?revision=${encodeURIComponent(entry.id)}`, { headers: { Accept: 'application/json' } });
    const body = (await response.json().catch(() => null)) as { ok?: boolean; state?: unknown; message?: string } | null;
    if (!body?.ok) return setProblem(body?.message ?? 'This revision could not be loaded.');
    setChosen({ entry, fields: toFields(body.state), state: body.state });
  };

  const label = (entry: RevisionEntry) => `${entry.savedByName}, ${relativeTime(entry.createdAt, now)}`;

  return (
    <section aria-labelledby="revisions-title" className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id="revisions-title" className="text-base font-semibold text-gray-900">
        Revisions
      </h2>
      {problem ? <p className="mt-2 text-sm text-red-700">{problem}</p> : null}
      {revisions === null && !problem ? <p className="mt-2 text-sm text-gray-700">Loading…</p> : null}
      {revisions?.length === 0 ? <p className="mt-2 text-sm text-gray-700">No revisions yet: each save keeps one.</p> : null}
      <div className="mt-3 grid gap-4 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
        {revisions?.length ? (
          <ol className="max-h-96 space-y-1 overflow-auto" aria-label="Revisions, newest first">
            {revisions.map((entry) => (
              <li key={entry.id}>
                <button
                  type="button"
                  onClick={() => void choose(entry)}
                  aria-current={chosen?.entry.id === entry.id ? 'true' : undefined}
                  className="w-full rounded-md px-2 py-1.5 text-left text-sm hover:bg-gray-50 aria-[current=true]:bg-blue-50"
                >
                  <span className="block font-medium text-gray-900">
                    {revisionSummary(entry.changedFields, entry.first, props.fields?.summaryLabel)}
                  </span>
                  <span className="block text-gray-700">
                    {entry.savedByName} · <time dateTime={entry.createdAt}>{relativeTime(entry.createdAt, now)}</time>
                    {entry.published ? ' · Published' : ''}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        ) : null}
        {chosen ? (
          <div className="min-w-0 space-y-3">
            <p className="text-sm text-gray-700">
              The revision by {label(chosen.entry)} ({clockTime(chosen.entry.createdAt)}) compared with the current version: struck through
              is only in the current version, underlined only in this revision.
            </p>
            <FieldsDiff before={props.current} after={chosen.fields} categoryNames={props.categoryNames} fields={props.fields} />
            <button type="button" className={secondaryButton} onClick={() => setConfirming(true)}>
              Restore this revision
            </button>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Restore this revision?"
        message="Its content replaces what the editor shows now, as an unsaved change: nothing is saved until you press Save Changes."
        confirmLabel="Restore"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          if (chosen) props.onRestore(chosen.fields, `the revision by ${label(chosen.entry)}`, chosen.state);
        }}
      />
    </section>
  );
}
