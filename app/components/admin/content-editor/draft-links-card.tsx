import { Link2 } from 'lucide-react';
import { Form, useNavigation } from 'react-router';

import { SiteDate } from '#app/components/site-date.tsx';
import { inputClass, rowAction, secondaryButton } from '#app/components/ui/buttons.ts';
import { Card } from '#app/components/ui/field.tsx';

interface DraftLinkRow {
  id: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
}

/**
 * "Share draft link" (docs/product.md, "Draft links"): makes an address that shows this item's saved draft to anyone
 * who has it, for 7 days; the address is shown once, here, right after it is made. The links still working are
 * listed with who made them and when they expire, each revocable.
 */
export function DraftLinksCard(props: { noun: string; links: DraftLinkRow[]; shared: { url: string; expiresAt: string } | null }) {
  const navigation = useNavigation();
  const sharing = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'share-draft-link';
  return (
    <Card title="Draft links">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-gray-700">
          Anyone with a draft link sees this {props.noun}’s saved version as the site would show it, for 7 days. Save first: unsaved changes
          are not shown.
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="share-draft-link" />
          <button type="submit" className={secondaryButton} disabled={sharing}>
            <Link2 className="size-4" aria-hidden />
            Share draft link
          </button>
        </Form>
      </div>
      {props.shared ? (
        <div className="mt-4 space-y-1">
          <label htmlFor="draft-link-url" className="block text-sm font-medium text-gray-900">
            New draft link (copy it now: it is shown only once)
          </label>
          <input
            id="draft-link-url"
            readOnly
            value={props.shared.url}
            className={inputClass}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      ) : null}
      {props.links.length ? (
        <ul className="mt-4 divide-y divide-gray-200 border-t border-gray-200" aria-label="Draft links">
          {props.links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm text-gray-700">
              <span>
                Shared by {link.createdBy} on <SiteDate iso={link.createdAt} time />, expires <SiteDate iso={link.expiresAt} time />
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="revoke-draft-link" />
                <input type="hidden" name="linkId" value={link.id} />
                <button type="submit" className={`${rowAction} text-red-700`}>
                  Revoke
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-gray-600">No draft link is open.</p>
      )}
    </Card>
  );
}
