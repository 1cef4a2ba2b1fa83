import { redirect } from 'react-router';

import { requireScreen } from '#app/http/guard.server.ts';

import type { Route } from './+types/comments';

/**
 * /admin/comments, where the dashboard's Comments quick link points (docs/product.md, Dashboard): the
 * site has no comments to moderate, so visitors' contact messages, the Messages inbox, stand in for them.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, 'messages');
  throw redirect('/admin/messages');
}
