import { Link } from 'react-router';

import { relativeTime } from '#app/lib/relative-time.ts';

import type { Column } from './data-table.tsx';
import { StatusBadge } from './status-badge.tsx';
import { TranslationStates } from './translation-filter.tsx';

interface PageListItem {
  id: string;
  title: string;
  slug: string;
  status: string;
  publish_date?: string | null;
  updated_at: string;
  /** Each published language's state (decision 030); absent in the trash. */
  translations?: Record<string, string>;
}

/** Title, Status and Last Modified, shared by the pages list and its trash. */
export function pageColumns<T extends PageListItem>(now: number): Column<T>[] {
  return [
    {
      header: 'Title',
      className: 'min-w-48',
      cell: (page) => (
        <>
          <p className="font-medium text-gray-900">{page.title}</p>
          <p className="text-xs text-gray-600">/{page.slug}</p>
          {/* The seeded "Home" page is an ordinary page at /home: the site's landing page (/) is the Content screen's. */}
          {page.slug === 'home' ? (
            <p className="text-xs text-gray-700" data-testid="not-landing-note">
              Not the landing page: visitors see it at /home. The landing page (/) is edited in{' '}
              <Link to="/admin/content" className="font-medium text-blue-800 underline">
                Content
              </Link>
              .
            </p>
          ) : null}
          <TranslationStates states={page.translations} />
        </>
      ),
    },
    {
      header: 'Status',
      className: 'whitespace-nowrap',
      cell: (page) => <StatusBadge status={page.status} publishDate={page.publish_date} />,
    },
    {
      header: 'Last Modified',
      className: 'whitespace-nowrap text-gray-700',
      cell: (page) => <time dateTime={page.updated_at}>{relativeTime(page.updated_at, now)}</time>,
    },
  ];
}
