import { Check, Copy } from 'lucide-react';
import { useState } from 'react';

import { secondaryButton } from '#app/components/ui/buttons.ts';

/** Shows an invitation link once, with a Copy button; the server cannot show it again (it keeps only a hash). */
export function InviteLinkPanel({
  invite,
}: {
  invite: { purpose?: 'invitation' | 'password-reset'; name: string; email: string; link: string; emailed: boolean; note: string | null };
}) {
  const [copied, setCopied] = useState(false);
  const reset = invite.purpose === 'password-reset';
  const label = reset ? 'Password reset link' : 'Invitation link';
  return (
    <section aria-label={label} className="space-y-2 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-950">
      {reset ? (
        <p>
          Password reset link for <strong>{invite.name}</strong> ({invite.email}), valid for 1 hour and usable once. Give it to them in
          person or over a channel you trust; using it signs them out everywhere and revokes their API tokens. Copy it now: it is not shown
          again.
        </p>
      ) : (
        <p>
          {invite.emailed ? `An invitation was e-mailed to ${invite.email}. ` : ''}
          Invitation link for <strong>{invite.name}</strong> ({invite.email}), valid for 7 days and usable once. Copy it now: it is not
          shown again.
        </p>
      )}
      {invite.note ? <p className="text-blue-900">{invite.note}</p> : null}
      <div className="flex flex-wrap items-center gap-2">
        <input
          readOnly
          value={invite.link}
          aria-label={label}
          className="min-w-0 flex-1 rounded-md border border-blue-200 bg-white px-3 py-2 font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            void navigator.clipboard?.writeText(invite.link).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? 'Copied' : 'Copy link'}
        </button>
      </div>
    </section>
  );
}
