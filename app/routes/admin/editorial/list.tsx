import { ArrowLeft, Plus, Trash2 } from 'lucide-react';
import { data, Link } from 'react-router';

import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { CategoryFilter } from '#app/components/admin/category-filter.tsx';
import { type Column, DataTable } from '#app/components/admin/data-table.tsx';
import { EditingMarker, NewDrafts } from '#app/components/admin/editing/new-drafts.tsx';
import { ListFilters } from '#app/components/admin/list-filters.tsx';
import { pageColumns } from '#app/components/admin/page-columns.tsx';
import { Pagination } from '#app/components/admin/pagination.tsx';
import { postColumns } from '#app/components/admin/post-columns.tsx';
import { RowActionButton } from '#app/components/admin/row-actions.tsx';
import { primaryButton, rowAction, secondaryButton } from '#app/components/ui/buttons.ts';
import { useRowFailureToast } from '#app/components/ui/row-failure-toast.ts';
import { replyRowFailure } from '#app/http/failure.server.ts';
import { readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { CONTENT_SCREENS, contentKindForPath } from '#app/lib/content-screens.ts';
import { readListQuery, rowActionSchema } from '#app/schemas/content-list.ts';
import { listNewDrafts } from '#app/services/revisions/autosave.server.ts';
import { editorsOf } from '#app/services/revisions/presence.server.ts';

import type { Route } from './+types/list';
import { editorialRoutes } from './kinds.server.ts';

/** Where a list screen is: which kind, the list or its trash. */
function listFor(request: Request) {
  const url = new URL(request.url);
  const screens = contentKindForPath(url.pathname);
  return { url, screens, routes: editorialRoutes(screens.kind), trash: url.pathname === screens.trashPath };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const screens = CONTENT_SCREENS[loaded?.kind ?? 'page'];
  return [{ title: loaded?.trash ? screens.trash.meta : screens.list.meta }];
};

/** The list of pages or posts (everything but the trash) and their trash: one screen of rows with what this user may do to each. */
export async function loader({ request }: Route.LoaderArgs) {
  const { url, screens, routes, trash } = listFor(request);
  const user = await requireScreen(request, screens.screen);
  const query = readListQuery(url);
  const list = await routes.list(user, query, trash);
  // Who else is editing a listed item now, and this user's never-saved autosaves (decision 027).
  const editing = trash
    ? { editors: {}, drafts: [] }
    : {
        editors: await editorsOf(
          user,
          screens.kind,
          list.items.map((item) => item.id),
        ),
        drafts: (await listNewDrafts(user, screens.kind)).map(({ itemKey, title, savedAt }) => ({ itemKey, title, savedAt })),
      };
  return { kind: screens.kind, trash, list, search: query.q, selected: query.category, now: Date.now(), editing };
}

/** Row actions: the list moves to the trash; the trash restores and deletes for good. Anything else is a 400. */
export async function action({ request }: Route.ActionArgs) {
  const { url, screens, routes, trash } = listFor(request);
  const user = await requireScreen(request, screens.screen);
  const parsed = rowActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  const intent = parsed.success ? parsed.data.intent : null;
  if (!parsed.success || (intent === 'trash') === trash) throw data({ message: 'Unknown action.' }, { status: 400 });
  const { id, intent: done } = parsed.data;
  const back = `${url.pathname}${url.search}`;
  if (intent === 'trash') {
    const result = await routes.trash(user, id);
    if (!result.ok) return replyRowFailure(result, { intent: done });
    return redirectWithToast(back, { type: 'success', message: screens.toasts.trashed });
  }
  if (intent === 'restore') {
    const result = await routes.restore(user, id);
    if (!result.ok) return replyRowFailure(result, { intent: done });
    return redirectWithToast(back, { type: 'success', message: screens.toasts.restored(result.renamed ? result.slug : null) });
  }
  const result = await routes.remove(user, id);
  if (!result.ok) return replyRowFailure(result, { intent: done });
  return redirectWithToast(back, { type: 'success', message: screens.toasts.deleted });
}

interface Row {
  id: string;
  title: string;
  slug: string;
  status: string;
  updated_at: string;
  canEdit: boolean;
  canTrash: boolean;
  canDelete: boolean;
}

export default function ContentList({
  loaderData: { kind, trash, list, search, selected, now, editing },
  actionData,
}: Route.ComponentProps) {
  useRowFailureToast(actionData);
  const screens = CONTENT_SCREENS[kind];
  const filtered = !!search || selected.length > 0;
  const columns = (kind === 'post' ? postColumns() : pageColumns(now)) as Column<Row>[];
  const actions: Column<Row> = {
    header: 'Actions',
    className: 'text-right whitespace-nowrap',
    cell: (item) =>
      trash ? (
        <>
          {item.canTrash ? (
            <RowActionButton intent="restore" id={item.id} label="Restore" itemTitle={item.title} className="text-blue-800" />
          ) : null}
          {item.canDelete ? (
            <RowActionButton
              intent="delete"
              id={item.id}
              label="Delete Permanently"
              itemTitle={item.title}
              className="text-red-700"
              confirm={{ title: 'Delete Permanently', message: screens.confirmDelete }}
            />
          ) : null}
        </>
      ) : (
        <>
          <EditingMarker name={(editing.editors as Record<string, string>)[item.id]} />
          {item.canEdit ? (
            <Link to={`${screens.listPath}/${item.id}`} className={`${rowAction} text-blue-800`} aria-label={`Edit: ${item.title}`}>
              Edit
            </Link>
          ) : null}
          {item.canTrash ? (
            <RowActionButton intent="trash" id={item.id} label="Delete" itemTitle={item.title} className="text-red-700" />
          ) : null}
        </>
      ),
  };
  return (
    <AdminPage
      title={trash ? 'Trash' : screens.list.title}
      subtitle={trash ? screens.trash.subtitle : screens.list.subtitle}
      actions={
        trash ? (
          <Link to={screens.listPath} className={secondaryButton}>
            <ArrowLeft className="size-4" aria-hidden />
            {screens.trash.back}
          </Link>
        ) : (
          <>
            <Link to={screens.trashPath} className={secondaryButton}>
              <Trash2 className="size-4" aria-hidden />
              View Trash
            </Link>
            <Link to={`${screens.listPath}/new`} className={primaryButton}>
              <Plus className="size-4" aria-hidden />
              {screens.editor.create}
            </Link>
          </>
        )
      }
    >
      <ListFilters search={search} placeholder={screens.search.placeholder} label={screens.search.label}>
        {kind === 'post' ? <CategoryFilter categories={list.categories} selected={selected} /> : null}
      </ListFilters>
      <NewDrafts drafts={editing.drafts} newPath={`${screens.listPath}/new`} now={now} />
      <DataTable
        caption={trash ? screens.trash.caption : screens.list.caption}
        rows={list.items as Row[]}
        empty={trash ? screens.emptyTrash(search, filtered) : screens.empty(search, filtered)}
        columns={[...columns, actions]}
      />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} more={list.more} noun={screens.pagination} />
    </AdminPage>
  );
}
