import { Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { primaryButton, rowAction, secondaryButton } from '#app/components/ui/buttons.ts';
import { ListFilters } from '#app/components/admin/list-filters.tsx';
import { Pagination } from '#app/components/admin/pagination.tsx';
import { RowActionButton } from '#app/components/admin/row-actions.tsx';
import { DataTable } from '#app/components/admin/data-table.tsx';
import { pageColumns } from '#app/components/admin/page-columns.tsx';
import { readListQuery } from '#app/schemas/content-list.ts';
import { requirePermission } from '#app/http/guard.server.ts';
import { listPages, trashPage } from '#app/services/content/pages.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { backToList, readRowAction, refusal } from '../content-row-action.server.ts';
import type { Route } from './+types/list';

export const meta: Route.MetaFunction = () => [{ title: 'Pages · Admin' }];

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'manage_pages');
  const query = readListQuery(new URL(request.url));
  const pages = await listPages({ trash: false, search: query.q, page: query.page });
  return { pages, search: query.q, now: Date.now() };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, 'manage_pages');
  const { intent, id } = await readRowAction(request);
  if (intent !== 'trash') refusal({ ok: false, reason: 'not-found' }, 'page');
  const result = await trashPage(user, id);
  if (!result.ok) refusal(result, 'page');
  return redirectWithToast(backToList(request), { type: 'success', message: 'Page moved to trash' });
}

export default function PagesList({ loaderData: { pages, search, now } }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Pages"
      subtitle="Manage your website pages."
      actions={
        <>
          <Link to="/admin/pages/trash" className={secondaryButton}>
            <Trash2 className="size-4" aria-hidden />
            View Trash
          </Link>
          <Link to="/admin/pages/new" className={primaryButton}>
            <Plus className="size-4" aria-hidden />
            Create New Page
          </Link>
        </>
      }
    >
      <ListFilters search={search} placeholder="Search pages..." label="Search pages" />
      <DataTable
        caption="Pages"
        rows={pages.items}
        empty={search ? `No pages match “${search}”.` : 'No pages yet.'}
        columns={[
          ...pageColumns<(typeof pages.items)[number]>(now),
            {
              header: 'Actions',
              srOnly: true,
              className: 'text-right whitespace-nowrap',
              cell: (page) => (
                <>
                  <Link to={`/admin/pages/${page.id}`} className={`${rowAction} text-blue-800`} aria-label={`Edit: ${page.title}`}>
                    Edit
                  </Link>
                  <RowActionButton intent="trash" id={page.id} label="Delete" itemTitle={page.title} className="text-red-700" />
                </>
              ),
            },
        ]}
      />
      <Pagination page={pages.page} pageCount={pages.pageCount} total={pages.total} more={pages.more} noun="page" />
    </AdminPage>
  );
}
