import { History } from 'lucide-react';
import { type RefObject, useEffect, useState } from 'react';

import { secondaryButton } from '#app/components/ui/buttons.ts';

import { FieldsDiff } from './field-diff.tsx';
import { clockTime, differingFields, type FormFields } from './form-fields.ts';
import { RevisionsPanel } from './revisions-panel.tsx';
import { useAutosave } from './use-autosave.ts';
import { type OtherEditor, usePresence } from './use-presence.ts';

/** What the editor's loader knows about the editing of an item: its autosave, who else has it open. */
export interface EditingSessionData {
  kind: 'page' | 'post';
  /** The item's id, or `new-…` for a page or post never saved. */
  itemKey: string;
  baseVersion: number | null;
  /** The user's autosave, when it is newer than the saved item. */
  autosave: { seq: number; fields: FormFields; savedAt: string } | null;
  /** The highest autosave sequence number the server holds for this user and item. */
  autosaveSeq: number;
  /** Others editing the item when it was opened: it opens read-only. */
  editors: OtherEditor[];
}

const banner = 'rounded-md border px-4 py-3 text-sm';

function whoIsEditing(editors: OtherEditor[], noun: string): string {
  const [first, ...rest] = editors;
  if (!first) return '';
  const who = rest.length ? `${first.name} and ${rest.length} other${rest.length > 1 ? 's' : ''} are` : `${first.name} is`;
  return `${who} editing this ${noun} since ${clockTime(first.since)}`;
}

/**
 * Above every page and post editor: the autosave status, the offer to restore a newer autosave, who else is editing
 * (read-only until "Take over"), and the Revisions panel (docs/product.md, "Revisions", "Autosave", "Edit presence").
 */
export function EditingSession(props: {
  data: EditingSessionData;
  noun: string;
  formRef: RefObject<HTMLFormElement | null>;
  saved: FormFields;
  categoryNames?: Record<string, string>;
  /** Set when the editor was loaded with a revision or autosave: it is an unsaved change. */
  restoredFrom: string | null;
  onLoad: (fields: FormFields, label: string) => void;
  onReadOnly: (readOnly: boolean) => void;
}) {
  const { data, noun, onReadOnly } = props;
  const url = `/admin/editing/${data.kind}/${encodeURIComponent(data.itemKey)}`;
  const isNew = data.itemKey.startsWith('new-');
  const autosave = useAutosave({ formRef: props.formRef, url, baseVersion: data.baseVersion, startSeq: data.autosaveSeq, enabled: true });
  const presence = usePresence({ url, enabled: !isNew, startMode: data.editors.some((e) => e.mode === 'editing') ? 'viewing' : 'editing' });
  const [offer, setOffer] = useState(() =>
    data.autosave && !props.restoredFrom && differingFields(props.saved, data.autosave.fields).length ? data.autosave : null,
  );
  const [showOfferDiff, setShowOfferDiff] = useState(false);
  const [showRevisions, setShowRevisions] = useState(false);
  const [mounted, setMounted] = useState(false);
  const readOnly = presence.mode === 'viewing' || !!presence.takenOverBy;
  const { flush, markChanged } = autosave;

  useEffect(() => setMounted(true), []);
  useEffect(() => onReadOnly(readOnly), [readOnly, onReadOnly]);
  // Taken over: what this tab has not autosaved yet goes to the user's autosave before the form locks.
  useEffect(() => {
    if (presence.takenOverBy) flush();
  }, [presence.takenOverBy, flush]);
  // Loaded with a revision or an autosave: that is a change to autosave, like typing.
  useEffect(() => {
    if (props.restoredFrom) markChanged();
  }, [props.restoredFrom, markChanged]);

  const discard = async () => {
    setOffer(null);
    await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ intent: 'discard-autosave' }),
    });
  };
  const editors = presence.others.filter((other) => other.mode === 'editing');
  const shownEditors = mounted && !presence.takenOverBy ? (editors.length ? editors : readOnly ? data.editors : []) : [];
  const status = autosave.status;

  return (
    <div className="mb-6 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" aria-live="polite" className="min-h-5 text-sm text-gray-700" data-autosave-status>
          {status.state === 'saving'
            ? 'Saving…'
            : status.state === 'saved'
              ? `Autosaved at ${clockTime(status.at)}`
              : status.state === 'offline'
                ? 'Not saved — offline'
                : ''}
        </p>
        {!isNew ? (
          <button type="button" className={secondaryButton} aria-expanded={showRevisions} onClick={() => setShowRevisions((open) => !open)}>
            <History className="size-4" aria-hidden />
            Revisions
          </button>
        ) : null}
      </div>
      {presence.takenOverBy ? (
        <div role="alert" className={`${banner} border-amber-300 bg-amber-50 text-amber-950`}>
          {presence.takenOverBy} took over this {noun}. Your unsaved changes are kept in your autosave: reopen the {noun} to restore them.
        </div>
      ) : shownEditors.length ? (
        <div className={`${banner} flex flex-wrap items-center justify-between gap-3 border-amber-300 bg-amber-50 text-amber-950`}>
          <p>
            {whoIsEditing(shownEditors, noun)}.{readOnly ? ' You are viewing it read-only.' : ''}
          </p>
          {readOnly ? (
            <button type="button" className={secondaryButton} onClick={() => void presence.takeOver()}>
              Take over
            </button>
          ) : null}
        </div>
      ) : null}
      {props.restoredFrom ? (
        <div role="note" className={`${banner} border-blue-200 bg-blue-50 text-blue-950`}>
          Loaded {props.restoredFrom}. It is not saved yet: press Save Changes to keep it.
        </div>
      ) : null}
      {offer && mounted && !readOnly ? (
        <div className={`${banner} space-y-3 border-blue-200 bg-blue-50 text-blue-950`}>
          <p>You have an autosave of this {noun} that is newer than its saved version.</p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={secondaryButton}
              onClick={() => props.onLoad(offer.fields, `your autosave from ${clockTime(offer.savedAt)}`)}
            >
              Restore the autosave from {clockTime(offer.savedAt)}
            </button>
            <button type="button" className={secondaryButton} onClick={() => void discard()}>
              Discard
            </button>
            <button
              type="button"
              className={secondaryButton}
              aria-expanded={showOfferDiff}
              onClick={() => setShowOfferDiff((open) => !open)}
            >
              Show changes
            </button>
          </div>
          {showOfferDiff ? <FieldsDiff before={props.saved} after={offer.fields} categoryNames={props.categoryNames} /> : null}
        </div>
      ) : null}
      {showRevisions && !isNew ? (
        <RevisionsPanel
          url={url}
          current={props.saved}
          categoryNames={props.categoryNames}
          onRestore={(fields, label) => props.onLoad(fields, label)}
        />
      ) : null}
    </div>
  );
}
