import { data } from 'react-router';
import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { screenForPath } from '#app/lib/admin-screens.ts';
import { requirePermission } from '#app/http/guard.server.ts';
import type { Route } from './+types/placeholder';

/** Stands in for a screen still to be built, with that screen's permission check already in place. */
export async function loader({ request }: Route.LoaderArgs) {
  const screen = screenForPath(new URL(request.url).pathname);
  await requirePermission(request, screen?.permission ?? 'access_admin');
  if (!screen) throw data({ message: 'Not found' }, { status: 404 });
  return { title: screen.label };
}

export default function Placeholder({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title={loaderData.title}>
      <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-sm text-gray-600">
        This screen is coming soon.
      </p>
    </AdminPage>
  );
}
