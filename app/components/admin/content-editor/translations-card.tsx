import { Languages } from 'lucide-react';
import { Form, Link } from 'react-router';

import { secondaryButton } from '#app/components/ui/buttons.ts';
import { Card } from '#app/components/ui/field.tsx';
import { SITE_LANGUAGES } from '#app/i18n/languages.ts';

interface TranslationRow {
  language: string;
  id: string | null;
  status: string | null;
  outdated: boolean;
  isSource: boolean;
}

const STATUS_LABELS: Record<string, string> = {
  published: 'Published',
  scheduled: 'Scheduled',
  draft: 'Draft',
  review: 'Pending review',
  trash: 'In the trash',
};

const labelOf = (code: string) => SITE_LANGUAGES.find((entry) => entry.code === code)?.label ?? code;

/**
 * The item's languages (docs/product.md, "Content in every language"; decision 030): each published language with its
 * translation's status, a link to edit it, "Translate" for a missing one (a draft copy of the default-language
 * version) and, on an outdated translation, "Mark as up to date".
 */
export function TranslationsCard(props: { noun: string; currentId: string; listPath: string; translations: TranslationRow[] }) {
  if (props.translations.length < 2) return null;
  const current = props.translations.find((row) => row.id === props.currentId);
  return (
    <Card title="Languages">
      <ul className="divide-y divide-gray-100" aria-label={`Languages of this ${props.noun}`}>
        {props.translations.map((row) => {
          const state =
            row.id === null ? 'Missing' : `${STATUS_LABELS[row.status ?? ''] ?? row.status}${row.outdated ? ' · Outdated' : ''}`;
          return (
            <li key={row.language} className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm" data-language={row.language}>
              <span>
                <span className="font-medium text-gray-900" lang={row.language}>
                  {labelOf(row.language)}
                </span>
                {row.isSource ? <span className="text-gray-700"> · source</span> : null}
                <span className="text-gray-700"> · {state}</span>
              </span>
              {row.id === null ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="translate" />
                  <input type="hidden" name="language" value={row.language} />
                  <button type="submit" className={secondaryButton}>
                    <Languages className="size-4" aria-hidden />
                    Translate into {labelOf(row.language)}
                  </button>
                </Form>
              ) : row.id === props.currentId ? (
                <span className="text-gray-700">Open here</span>
              ) : (
                <Link to={`${props.listPath}/${row.id}`} className="font-medium text-blue-800 hover:underline">
                  Edit the {labelOf(row.language)} version
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      {current?.outdated ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          <p>The source changed after this translation was made. Update it, or mark it as up to date if nothing needs to change.</p>
          <Form method="post">
            <input type="hidden" name="intent" value="confirm-translation" />
            <button type="submit" className={secondaryButton}>
              Mark as up to date
            </button>
          </Form>
        </div>
      ) : null}
    </Card>
  );
}
