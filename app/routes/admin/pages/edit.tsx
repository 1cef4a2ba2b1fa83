import { data, type ShouldRevalidateFunctionArgs } from 'react-router';
import { PageEditor } from '#app/components/admin/page-editor.tsx';
import { pageStatusesFor } from '#app/lib/content-permissions.ts';
import { requirePermission } from '#app/http/guard.server.ts';
import { getPage } from '#app/services/content/pages.server.ts';
import type { Route } from './+types/edit';
import { savePageAction } from './save-page.server.ts';

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.page.title ?? 'Edit Page'} · Admin` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'manage_pages');
  const page = await getPage(params.id);
  if (!page) throw data({ message: 'This page does not exist.' }, { status: 404 });
  // Opening a page keeps "published" and turns any other status into "draft" (spec 4).
  const status = page.status === 'published' ? ('published' as const) : ('draft' as const);
  return { page: { ...page, status }, statuses: pageStatusesFor(user) };
}

export const action = ({ request, params }: Route.ActionArgs) => savePageAction(request, params.id);

// A preview request changes nothing, so the page's data need not be loaded again.
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get('intent') === 'preview' ? false : defaultShouldRevalidate;
}

export default function EditPage({ loaderData, actionData }: Route.ComponentProps) {
  const saved = actionData && 'result' in actionData ? actionData : undefined;
  const { page } = loaderData;
  // A new version (after "Reload the latest version") starts a fresh form.
  return (
    <PageEditor
      key={`${page.id}-${page.version}`}
      page={page}
      statuses={loaderData.statuses}
      lastResult={saved?.result}
      conflict={saved?.conflict ?? false}
    />
  );
}
