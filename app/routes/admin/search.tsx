import { Link } from 'react-router';

import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { requireScreen } from '#app/http/guard.server.ts';
import { seesAllPosts } from '#app/lib/content-permissions.ts';
import { hasPermission } from '#app/lib/permissions.ts';
import { searchContent } from '#app/services/search/admin-search.server.ts';

import type { Route } from './+types/search';

/** The top bar's search box lands here: pages and posts by title, limited to what the user may edit. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, 'search');
  const query = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 200);
  const hits = await searchContent(query, {
    pages: hasPermission(user, 'manage_pages'),
    posts: seesAllPosts(user) ? 'all' : { authorId: user.id },
  });
  return { query, hits };
}

export default function AdminSearch({ loaderData: { query, hits } }: Route.ComponentProps) {
  return (
    <AdminPage title="Search" subtitle={query ? `Results for “${query}”` : 'Type in the search box to find pages and posts.'}>
      {query && hits.length === 0 ? <p className="text-sm text-gray-600">Nothing matches “{query}”.</p> : null}
      {hits.length > 0 ? (
        <ul className="divide-y divide-gray-200 rounded-lg bg-white ring-1 ring-gray-200">
          {hits.map((hit) => (
            <li key={`${hit.kind}-${hit.id}`} className="flex items-center justify-between gap-4 px-4 py-3">
              <Link to={hit.href} className="font-medium text-blue-800 hover:underline">
                {hit.title}
              </Link>
              <span className="text-xs text-gray-600 uppercase">
                {hit.kind === 'page' ? 'Page' : 'Blog post'} · {hit.status}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </AdminPage>
  );
}
