import { ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { Form } from 'react-router';

import { secondaryButton } from '#app/components/ui/buttons.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { Card } from '#app/components/ui/field.tsx';

/** On another user's edit page: their two-factor state, and a reset for a lost device. */
export function TwoFactorResetCard(props: { userId: string; enabled: boolean; canReset: boolean }) {
  const [open, setOpen] = useState(false);
  const formId = 'two-factor-reset';
  return (
    <Card title="Two-factor sign-in">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-gray-700">
          {props.enabled
            ? 'On: this user signs in with a code from an authenticator app.'
            : 'Off: this user signs in with a password only.'}
        </p>
        {props.enabled && !props.canReset ? (
          <p className="text-sm text-gray-600">Only someone who holds every permission of this user&apos;s role can reset it.</p>
        ) : null}
        {props.enabled && props.canReset ? (
          <>
            <Form method="post" action={`/admin/users/${encodeURIComponent(props.userId)}/two-factor/reset`} id={formId} />
            <button type="button" className={secondaryButton} onClick={() => setOpen(true)}>
              <ShieldOff className="size-4" aria-hidden />
              Reset 2FA
            </button>
            <ConfirmDialog
              open={open}
              title="Reset two-factor sign-in"
              message="Are you sure you want to reset this user's two-factor sign-in? They will sign in with their password alone until they set it up again, and they will be told."
              confirmLabel="Reset 2FA"
              onCancel={() => setOpen(false)}
              onConfirm={() => {
                setOpen(false);
                (document.getElementById(formId) as HTMLFormElement | null)?.requestSubmit();
              }}
            />
          </>
        ) : null}
      </div>
    </Card>
  );
}
