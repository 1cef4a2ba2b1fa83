import { Link, useLocation } from 'react-router';

/** "120 posts · Page 2 of 7" (or "10,000+ posts" past the count cap) with Previous and Next links that keep the search and filters. */
export function Pagination(props: { page: number; pageCount: number; total: number; more: boolean; noun: string }) {
  const { page, pageCount, total, more, noun } = props;
  const location = useLocation();
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target === 1) params.delete('page');
    else params.set('page', String(target));
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ''}`;
  };
  const link = 'rounded-md px-3 py-1.5 text-sm font-medium text-gray-800 ring-1 ring-gray-300 hover:bg-gray-50';
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm text-gray-700">
      <p>
        {total.toLocaleString('en-US')}
        {more ? '+' : ''} {total === 1 && !more ? noun : `${noun}s`}
        {pageCount > 1 ? ` · Page ${page} of ${pageCount}` : ''}
      </p>
      {pageCount > 1 ? (
        <div className="flex gap-2">
          {page > 1 ? (
            <Link className={link} to={hrefFor(page - 1)}>
              Previous
            </Link>
          ) : null}
          {page < pageCount ? (
            <Link className={link} to={hrefFor(page + 1)}>
              Next
            </Link>
          ) : null}
        </div>
      ) : null}
    </nav>
  );
}
