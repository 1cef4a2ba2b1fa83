import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { requirePermission } from '#app/services/auth/guard.server.ts';
import type { Route } from './+types/dashboard';

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'access_admin');
  return { name: user.name };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title="Dashboard" subtitle={`Welcome back, ${loaderData.name}! Here's what's happening with your site.`}>
      <p className="text-sm text-gray-600">Statistics and recent activity appear here.</p>
    </AdminPage>
  );
}
