import { useState } from 'react';
import { Form, useSubmit } from 'react-router';

import { SiteDate } from '#app/components/site-date.tsx';
import { secondaryButton } from '#app/components/ui/buttons.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { SaveButton } from '#app/components/ui/save-button.tsx';
import type { Language } from '#app/i18n/languages.ts';

/**
 * What the Content screen says about the copy's state: a saved draft (who, when, that visitors do not see it yet)
 * with Publish (for those who may publish) and Discard, or, for someone who may not publish, that saving keeps a
 * draft. Publish and Discard act on the stored draft, at the version the screen was opened on.
 */
export function LandingDraftStatus(props: {
  lang: Language;
  tab: string;
  version: number;
  draft: { savedAt: string; savedBy: string } | null;
  mayPublish: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const submit = useSubmit();
  const fields = { lang: props.lang, tab: props.tab, version: String(props.version) };
  if (!props.draft) {
    if (props.mayPublish) return null;
    return (
      <p className="rounded-md border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900">
        Your changes are saved as a draft. Visitors see them once someone with the Publish Pages permission publishes them.
      </p>
    );
  }
  return (
    <div
      data-testid="landing-draft"
      className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <span className="rounded-full bg-amber-200 px-2.5 py-0.5 text-xs font-semibold tracking-wide uppercase">Draft</span>
      <p className="min-w-0 flex-1 basis-64">
        Saved by {props.draft.savedBy} on <SiteDate iso={props.draft.savedAt} time />. Not published yet: visitors see the published content
        {props.mayPublish ? '.' : ' until someone with the Publish Pages permission publishes it.'}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={() => setConfirming(true)}>
          Discard draft
        </button>
        {props.mayPublish ? (
          <Form method="post">
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <SaveButton name="intent" value="publish" label="Publish" pendingLabel="Publishing…" icon={null} />
          </Form>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Discard draft"
        message="Discard this draft? Its changes are lost; visitors keep seeing the published content."
        confirmLabel="Discard draft"
        onConfirm={() => {
          setConfirming(false);
          void submit({ ...fields, intent: 'discard' }, { method: 'post' });
        }}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
