import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { secondaryButton } from '#app/components/ui/buttons.ts';
import { ListFilters } from '#app/components/admin/list-filters.tsx';
import { Pagination } from '#app/components/admin/pagination.tsx';
import { RowActionButton } from '#app/components/admin/row-actions.tsx';
import { DataTable } from '#app/components/admin/data-table.tsx';
import { pageColumns } from '#app/components/admin/page-columns.tsx';
import { canDeletePages } from '#app/lib/content-permissions.ts';
import { readListQuery } from '#app/schemas/content-list.ts';
import { requirePermission } from '#app/http/guard.server.ts';
import { deletePage, listPages, restorePage } from '#app/services/content/pages.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { backToList, readRowAction, refusal } from '../content-row-action.server.ts';
import type { Route } from './+types/trash';

export const meta: Route.MetaFunction = () => [{ title: 'Trash · Pages · Admin' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'manage_pages');
  const query = readListQuery(new URL(request.url));
  const pages = await listPages({ trash: true, search: query.q, page: query.page });
  return { pages, search: query.q, now: Date.now(), canDelete: canDeletePages(user) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, 'manage_pages');
  const { intent, id } = await readRowAction(request);
  if (intent === 'restore') {
    const result = await restorePage(user, id);
    if (!result.ok) refusal(result, 'page');
    const message = result.renamed ? `Page restored as a draft at /${result.slug}` : 'Page restored as a draft';
    return redirectWithToast(backToList(request), { type: 'success', message });
  }
  if (intent === 'delete') {
    const result = await deletePage(user, id);
    if (!result.ok) refusal(result, 'page');
    return redirectWithToast(backToList(request), { type: 'success', message: 'Page permanently deleted' });
  }
  refusal({ ok: false, reason: 'not-found' }, 'page');
}

export default function PagesTrash({ loaderData: { pages, search, now, canDelete } }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Trash"
      subtitle="Manage deleted pages. Pages can be restored or permanently deleted."
      actions={
        <Link to="/admin/pages" className={secondaryButton}>
          <ArrowLeft className="size-4" aria-hidden />
          Back to Pages
        </Link>
      }
    >
      <ListFilters search={search} placeholder="Search pages..." label="Search pages" />
      <DataTable
        caption="Pages in the trash"
        rows={pages.items}
        empty={search ? `No pages in the trash match “${search}”.` : 'The trash is empty.'}
        columns={[
          ...pageColumns<(typeof pages.items)[number]>(now),
            {
              header: 'Actions',
              srOnly: true,
              className: 'text-right whitespace-nowrap',
              cell: (page) => (
                <>
                  <RowActionButton intent="restore" id={page.id} label="Restore" itemTitle={page.title} className="text-blue-800" />
                  {canDelete ? (
                    <RowActionButton
                      intent="delete"
                      id={page.id}
                      label="Delete Permanently"
                      itemTitle={page.title}
                      className="text-red-700"
                      confirm={{
                        title: 'Delete Permanently',
                        message: 'Are you sure you want to permanently delete this page? This action cannot be undone.',
                      }}
                    />
                  ) : null}
                </>
              ),
            },
        ]}
      />
      <Pagination page={pages.page} pageCount={pages.pageCount} total={pages.total} more={pages.more} noun="page" />
    </AdminPage>
  );
}
