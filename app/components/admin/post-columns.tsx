import { SiteDate } from '#app/components/site-date.tsx';

import type { Column } from './data-table.tsx';
import { StatusBadge } from './status-badge.tsx';
import { TranslationStates } from './translation-filter.tsx';

interface PostListItem {
  id: string;
  title: string;
  slug: string;
  status: string;
  author_name: string;
  publish_date: string | null;
  updated_at: string;
  views: number;
  /** Each published language's state (decision 030); absent in the trash. */
  translations?: Record<string, string>;
}

/** Title, Status, Author, Date (publish date, else last modified) and Views, shared by the list and the trash. */
export function postColumns<T extends PostListItem>(): Column<T>[] {
  return [
    {
      header: 'Title',
      className: 'min-w-48',
      cell: (post) => (
        <>
          <p className="font-medium text-gray-900">{post.title}</p>
          <p className="text-xs text-gray-600">/blog/{post.slug}</p>
          <TranslationStates states={post.translations} />
        </>
      ),
    },
    {
      header: 'Status',
      className: 'whitespace-nowrap',
      cell: (post) => <StatusBadge status={post.status} publishDate={post.publish_date} />,
    },
    { header: 'Author', className: 'whitespace-nowrap text-gray-700', cell: (post) => post.author_name },
    {
      header: 'Date',
      className: 'whitespace-nowrap text-gray-700',
      cell: (post) => {
        const date = post.publish_date ?? post.updated_at;
        return <SiteDate iso={date} />;
      },
    },
    { header: 'Views', className: 'text-gray-700 tabular-nums', cell: (post) => post.views.toLocaleString('en-US') },
  ];
}
