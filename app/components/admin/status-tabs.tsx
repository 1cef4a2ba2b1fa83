import { Link, useLocation } from 'react-router';

/**
 * The status filters above a list (All, Published, Draft, Review…), each with how many items it holds.
 * A filter keeps the list's search and categories; it starts again at the first screen.
 */
export function StatusTabs(props: { tabs: { id: string; label: string; count: number }[]; current: string }) {
  const { pathname, search } = useLocation();
  const hrefFor = (id: string) => {
    const params = new URLSearchParams(search);
    params.delete('page');
    if (id === 'all') params.delete('status');
    else params.set('status', id);
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return (
    <nav aria-label="Filter by status">
      <ul className="flex flex-wrap gap-x-1 gap-y-2 text-sm">
        {props.tabs.map((tab) => {
          const current = tab.id === props.current;
          return (
            <li key={tab.id}>
              <Link
                to={hrefFor(tab.id)}
                aria-current={current ? 'page' : undefined}
                className={`inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 font-medium focus-visible:outline-2 focus-visible:outline-blue-700 ${
                  current ? 'bg-blue-700 text-white' : 'text-gray-700 hover:bg-gray-100'
                }`}
              >
                {tab.label}{' '}
                <span className={`rounded-full px-1.5 text-xs ${current ? 'bg-white/20' : 'bg-gray-200 text-gray-800'}`}>{tab.count}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
