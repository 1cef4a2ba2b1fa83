import type { ReactNode } from 'react';

import { primaryButton, secondaryButton } from './buttons.ts';

/** The foot of a dialog: Cancel and its one action (Insert Image, Apply…), after any extra button given as `before`. */
export function DialogButtons(props: { onCancel: () => void; onConfirm: () => void; confirmLabel: string; before?: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {props.before}
      <button type="button" className={secondaryButton} onClick={props.onCancel}>
        Cancel
      </button>
      <button type="button" className={primaryButton} onClick={props.onConfirm}>
        {props.confirmLabel}
      </button>
    </div>
  );
}
