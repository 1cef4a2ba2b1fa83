import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { requirePermission } from '#app/services/auth/guard.server.ts';
import type { Route } from './+types/media';

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'manage_media');
  return {};
}

export default function MediaLibrary() {
  return <AdminPage title="Media Library">{null}</AdminPage>;
}
