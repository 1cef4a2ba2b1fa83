import type { Blocker } from 'react-router';

import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';

/** Shown when leaving an editor whose changes are not saved. */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Unsaved changes"
      message="You have unsaved changes. If you leave this page, they will be lost."
      confirmLabel="Leave without saving"
      cancelLabel="Stay on this page"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
