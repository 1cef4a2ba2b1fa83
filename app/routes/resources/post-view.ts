import { data } from 'react-router';

import { formText, readForm } from '#app/http/form.server.ts';
import { pruneViewVisitors } from '#app/services/analytics/daily-visitors.server.ts';
import { countPostView } from '#app/services/posts/post-views.server.ts';

import type { Route } from './+types/post-view';

/**
 * POST /blog/{slug}/view with the post id: counts a view of the published post that the slug and the id both name
 * (docs/product.md, States), at most once per visitor and day, never for robots.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const id = formText(form, 'id');
  const outcome = id
    ? await countPostView(params.slug, id, { address: context.clientIp ?? '', userAgent: request.headers.get('User-Agent') ?? '' })
    : null;
  if (outcome === null) return data({ views: null }, { status: 404 });
  if (outcome.counted) await pruneViewVisitors();
  return data({ views: outcome.views }, { headers: { 'Cache-Control': 'no-store' } });
}

export function loader() {
  throw data({ message: 'Not found' }, { status: 404 });
}
