import { requireScreen } from '#app/http/guard.server.ts';
import { searchLinkTargets } from '#app/services/content/link-targets.server.ts';

import type { Route } from './+types/link-targets';

/**
 * GET /admin/editor/link-targets?q=: published pages and posts for the Content editor's link dialog. They are
 * public already; the route is guarded as the Blog screen is (anyone in the admin writes posts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, 'blog');
  return { targets: await searchLinkTargets(new URL(request.url).searchParams.get('q') ?? '') };
}
