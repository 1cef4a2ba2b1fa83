import { requireScreen } from '#app/http/guard.server.ts';
import { searchMenuTargets } from '#app/services/menus/menu-targets.server.ts';

import type { Route } from './+types/menu-targets';

/** Pages or posts matching a title, for the menu screen's link chooser. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, 'menu');
  const params = new URL(request.url).searchParams;
  const kind = params.get('type') === 'post' ? 'post' : 'page';
  return { kind, targets: await searchMenuTargets(kind, (params.get('q') ?? '').slice(0, 100)) };
}
