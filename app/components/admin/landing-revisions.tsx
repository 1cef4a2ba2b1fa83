import { History } from 'lucide-react';
import { useState } from 'react';

import { RevisionsPanel } from '#app/components/admin/editing/revisions-panel.tsx';
import { secondaryButton } from '#app/components/ui/buttons.ts';
import type { Language } from '#app/i18n/languages.ts';
import { flattenLanding, landingFieldLabel, landingSectionLabel } from '#app/lib/landing-fields.ts';
import type { LandingContent } from '#app/schemas/landing.ts';

const DIFF_FIELDS = { labelOf: landingFieldLabel, isText: () => true, summaryLabel: landingSectionLabel };

/**
 * The landing copy's history on the Content screen (docs/product.md, "Revisions"): the same panel as the page and post
 * editors, comparing every field of one language's copy; Restore loads a revision into the form as an unsaved change.
 */
export function LandingRevisions(props: {
  lang: Language;
  saved: LandingContent;
  restoredFrom: string | null;
  onRestore: (content: LandingContent, label: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const current = flattenLanding(props.saved);
  return (
    <div className="space-y-3">
      <button type="button" className={secondaryButton} aria-expanded={open} onClick={() => setOpen((shown) => !shown)}>
        <History className="size-4" aria-hidden />
        Revisions
      </button>
      {props.restoredFrom ? (
        <div role="note" className="rounded-md border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-950">
          Loaded {props.restoredFrom}. It is not saved yet: press Save Changes (or Save draft) to keep it.
        </div>
      ) : null}
      {open ? (
        <RevisionsPanel
          url={`/admin/editing/landing/${props.lang}`}
          current={current}
          toFields={flattenLanding}
          fields={{ ...DIFF_FIELDS, names: Object.keys(current) }}
          onRestore={(_fields, label, state) => {
            setOpen(false);
            props.onRestore(state as LandingContent, label);
          }}
        />
      ) : null}
    </div>
  );
}
