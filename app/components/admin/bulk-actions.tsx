import { useState } from 'react';
import { useNavigation, useSubmit } from 'react-router';

import { secondaryButton } from '#app/components/ui/buttons.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';

export interface BulkAction {
  intent: string;
  label: string;
  /** Asked before acting (Delete permanently): the message for the checked items. */
  confirm?: (count: number) => string;
  danger?: boolean;
}

/**
 * The bar above a list that acts on its checked rows: how many are checked, and one button per action.
 * The buttons stay in the tab order and say why they do nothing while no row is checked.
 */
export function BulkActionsBar(props: { actions: BulkAction[]; selected: string[]; noun: string }) {
  const submit = useSubmit();
  const busy = useNavigation().state === 'submitting';
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const count = props.selected.length;
  const send = (action: BulkAction) => {
    const form = new FormData();
    form.set('intent', action.intent);
    for (const id of props.selected) form.append('ids', id);
    void submit(form, { method: 'post' });
  };
  if (props.actions.length === 0) return null;
  return (
    <div role="group" aria-label="Bulk actions" className="flex flex-wrap items-center gap-2">
      <p className="mr-1 text-sm text-gray-700" aria-live="polite">
        {count === 0 ? `Select ${props.noun}s to act on them.` : `${count} selected`}
      </p>
      {props.actions.map((action) => (
        <button
          key={action.intent}
          type="button"
          className={`${secondaryButton} py-1.5 ${action.danger ? 'text-red-700' : ''}`}
          disabled={count === 0 || busy}
          onClick={() => (action.confirm ? setAsking(action) : send(action))}
        >
          {action.label}
        </button>
      ))}
      {asking?.confirm ? (
        <ConfirmDialog
          open
          title={asking.label}
          message={asking.confirm(count)}
          confirmLabel={asking.label}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            send(asking);
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * Row checkboxes: which rows are checked, cleared whenever the list's rows change (after an action, a filter,
 * another screen); `rows` carry the time of their last change, so a row an action changed is unchecked too.
 */
export function useRowSelection(rows: { id: string; updated_at: string }[]) {
  const rowIds = rows.map((row) => row.id);
  const key = rows.map((row) => `${row.id}@${row.updated_at}`).join(',');
  const [state, setState] = useState<{ key: string; ids: string[] }>({ key, ids: [] });
  const ids = state.key === key ? state.ids.filter((id) => rowIds.includes(id)) : [];
  const toggle = (id: string, on: boolean) => setState({ key, ids: on ? [...new Set([...ids, id])] : ids.filter((other) => other !== id) });
  const toggleAll = (on: boolean) => setState({ key, ids: on ? rowIds : [] });
  return { selected: ids, toggle, toggleAll, all: rowIds.length > 0 && ids.length === rowIds.length };
}
