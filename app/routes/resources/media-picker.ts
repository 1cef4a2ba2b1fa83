import { requireScreen } from '#app/http/guard.server.ts';
import { hasPermission } from '#app/lib/permissions.ts';
import { parseMediaQuery } from '#app/schemas/media.ts';
import { listMedia } from '#app/services/media/media-library.server.ts';

import type { Route } from './+types/media-picker';

const PICKER_PAGE_SIZE = 24;

/**
 * GET /admin/media/picker?q=&type=&page=: the picker dialog's data. Anyone in
 * the admin may choose an existing file (they are public anyway); uploading
 * from the picker needs manage_media, like the library. The picker serves the editors, so it
 * is guarded as the Blog screen is (anyone in the admin).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireScreen(request, 'blog');
  const query = parseMediaQuery(new URL(request.url));
  const result = await listMedia({ search: query.q, type: query.type, page: query.page, pageSize: PICKER_PAGE_SIZE });
  return { ...result, canUpload: hasPermission(user, 'manage_media') };
}
