import { Link } from 'react-router';

import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { requireScreen } from '#app/http/guard.server.ts';
import { searchAdmin } from '#app/services/search/admin-search.server.ts';

import type { Route } from './+types/search';

export const meta: Route.MetaFunction = () => [{ title: 'Search · Admin' }];

/** The top bar's search box lands here: everything this user may open that matches, grouped by kind. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, 'search');
  const query = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 200);
  return { query, groups: await searchAdmin(user, query) };
}

export default function AdminSearch({ loaderData: { query, groups } }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Search"
      subtitle={query ? `Results for “${query}”` : 'Type in the search box to find pages, posts, media, messages and users.'}
    >
      {query && groups.length === 0 ? <p className="text-sm text-gray-600">Nothing matches “{query}”.</p> : null}
      {groups.map((group) => (
        <section key={group.kind} aria-labelledby={`search-${group.kind}`} className="space-y-2">
          <h2 id={`search-${group.kind}`} className="text-sm font-semibold tracking-wide text-gray-700 uppercase">
            {group.label} <span className="font-normal text-gray-600">({group.hits.length})</span>
          </h2>
          <ul className="divide-y divide-gray-200 rounded-lg bg-white ring-1 ring-gray-200">
            {group.hits.map((hit) => (
              <li key={hit.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
                <Link to={hit.href} className="min-w-0 font-medium break-words text-blue-800 hover:underline">
                  {hit.title}
                </Link>
                <span className="min-w-0 text-xs break-words text-gray-600">{hit.detail}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </AdminPage>
  );
}
