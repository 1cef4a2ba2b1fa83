import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { PageEditor } from '#app/components/admin/page-editor.tsx';
import { pageStatusesFor } from '#app/lib/content-permissions.ts';
import { requirePermission } from '#app/http/guard.server.ts';
import type { Route } from './+types/new';
import { savePageAction } from './save-page.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Create New Page · Admin' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'manage_pages');
  return { statuses: pageStatusesFor(user) };
}

export const action = ({ request }: Route.ActionArgs) => savePageAction(request, null);

export default function NewPage({ loaderData, actionData }: Route.ComponentProps) {
  const saved = actionData && 'result' in actionData ? actionData : undefined;
  return <PageEditor page={null} statuses={loaderData.statuses} lastResult={saved?.result} conflict={false} />;
}

export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get('intent') === 'preview' ? false : defaultShouldRevalidate;
}
