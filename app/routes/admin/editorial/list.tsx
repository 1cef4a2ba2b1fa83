import { ArrowLeft, MessageSquare, Plus, Trash2 } from 'lucide-react';
import { data, Link } from 'react-router';

import { AdminPage, PageLink } from '#app/components/admin/admin-page.tsx';
import { BulkActionsBar, useRowSelection } from '#app/components/admin/bulk-actions.tsx';
import { CategoryFilter } from '#app/components/admin/category-filter.tsx';
import { type Column, DataTable } from '#app/components/admin/data-table.tsx';
import { EditingMarker, NewDrafts } from '#app/components/admin/editing/new-drafts.tsx';
import { ListFilters } from '#app/components/admin/list-filters.tsx';
import { pageColumns } from '#app/components/admin/page-columns.tsx';
import { Pagination } from '#app/components/admin/pagination.tsx';
import { postColumns } from '#app/components/admin/post-columns.tsx';
import { DeleteRowButton, EditRowLink, RowActionButton } from '#app/components/admin/row-actions.tsx';
import { StatusTabs } from '#app/components/admin/status-tabs.tsx';
import { TranslationFilter } from '#app/components/admin/translation-filter.tsx';
import { primaryButton } from '#app/components/ui/buttons.ts';
import { useRowFailureToast } from '#app/components/ui/row-failure-toast.ts';
import { getDb } from '#app/db/client.server.ts';
import { replyRowFailure } from '#app/http/failure.server.ts';
import { readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { LANGUAGES } from '#app/i18n/languages.ts';
import { adminScreen } from '#app/lib/admin-screens.ts';
import { CONTENT_SCREENS, contentKindForPath } from '#app/lib/content-screens.ts';
import { hasPermission } from '#app/lib/permissions.ts';
import { bulkActionSchema, LIST_BULK_INTENTS, readListQuery, rowActionSchema, TRASH_BULK_INTENTS } from '#app/schemas/content-list.ts';
import { defaultContentLanguage } from '#app/services/content/content-language.server.ts';
import { listNewDrafts } from '#app/services/revisions/autosave.server.ts';
import { editorsOf } from '#app/services/revisions/presence.server.ts';

import type { Route } from './+types/list';
import { applyBulk } from './bulk.server.ts';
import { editorialRoutes } from './kinds.server.ts';
import { listBulkActions } from './list-bulk.ts';

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
  const status = list.tabs.some((tab) => tab.id === query.status) ? query.status : 'all';
  const canPublish = (routes.statusesFor(user) as readonly string[]).includes('published');
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
  // Comments belong to posts: the blog list leads to their moderation, as WordPress's Posts lead to Comments.
  const canModerate = screens.kind === 'post' && hasPermission(user, adminScreen('comments').permission);
  // "Missing in …" offers every published language but the one items are made in.
  const defaultLanguage = await defaultContentLanguage(getDb());
  const translatable = LANGUAGES.filter((code) => code !== defaultLanguage);
  const missing = (translatable as readonly string[]).includes(query.missing) ? query.missing : '';
  return {
    translatable,
    missing,
    kind: screens.kind,
    trash,
    list,
    search: query.q,
    selected: query.category,
    status,
    canPublish,
    canModerate,
    now: Date.now(),
    editing,
  };
}

/** Row actions: the list moves to the trash; the trash restores and deletes for good. Anything else is a 400. */
export async function action({ request }: Route.ActionArgs) {
  const { url, screens, routes, trash } = listFor(request);
  const user = await requireScreen(request, screens.screen);
  const form = await readForm(request);
  const back = `${url.pathname}${url.search}`;
  if (String(form.get('intent') ?? '').startsWith('bulk-')) {
    const bulk = bulkActionSchema.safeParse({ intent: form.get('intent'), ids: form.getAll('ids') });
    if (!bulk.success) return replyRowFailure(bulk.error.issues[0]?.message ?? 'Unknown action.', { intent: 'bulk' });
    const allowed: readonly string[] = trash ? TRASH_BULK_INTENTS : LIST_BULK_INTENTS;
    if (!allowed.includes(bulk.data.intent)) throw data({ message: 'Unknown action.' }, { status: 400 });
    return redirectWithToast(back, await applyBulk(routes, user, bulk.data.intent, bulk.data.ids));
  }
  const parsed = rowActionSchema.safeParse(Object.fromEntries(form));
  const intent = parsed.success ? parsed.data.intent : null;
  if (!parsed.success || (intent === 'trash') === trash) throw data({ message: 'Unknown action.' }, { status: 400 });
  const { id, intent: done } = parsed.data;
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

export default function ContentList({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, trash, list, search, selected, status, canPublish, canModerate, now, editing, translatable, missing } = loaderData;
  useRowFailureToast(actionData);
  const screens = CONTENT_SCREENS[kind];
  const rows = list.items as Row[];
  const selection = useRowSelection(rows);
  const bulkActions = listBulkActions({ screens, trash, canPublish, rows });
  const checkable = (item: Row) => (trash ? item.canTrash || item.canDelete : item.canEdit || item.canTrash);
  const select: Column<Row> = {
    header: 'Select',
    className: 'w-10',
    headerCell: (
      <input
        type="checkbox"
        className="size-4 rounded border-gray-300"
        aria-label={`Select all ${screens.pagination}s on this screen`}
        checked={selection.all}
        disabled={rows.length === 0}
        onChange={(event) => selection.toggleAll(event.currentTarget.checked)}
      />
    ),
    cell: (item) =>
      checkable(item) ? (
        <input
          type="checkbox"
          className="size-4 rounded border-gray-300"
          aria-label={`Select: ${item.title}`}
          checked={selection.selected.includes(item.id)}
          onChange={(event) => selection.toggle(item.id, event.currentTarget.checked)}
        />
      ) : null,
  };
  const filtered = !!search || selected.length > 0;
  const columns = (kind === 'post' ? postColumns() : pageColumns(now)) as Column<Row>[];
  const actions: Column<Row> = {
    header: 'Actions',
    className: 'text-right whitespace-nowrap',
    // On a phone the table scrolls sideways; Edit and Delete stay at its right edge.
    stickyEnd: true,
    cell: (item) =>
      trash ? (
        <>
          {item.canTrash ? (
            <RowActionButton intent="restore" id={item.id} label="Restore" itemTitle={item.title} className="text-blue-800" />
          ) : null}
          {item.canDelete ? (
            <DeleteRowButton
              id={item.id}
              label="Delete Permanently"
              itemTitle={item.title}
              confirm={{ title: 'Delete Permanently', message: screens.confirmDelete }}
            />
          ) : null}
        </>
      ) : (
        <>
          <EditingMarker name={(editing.editors as Record<string, string>)[item.id]} />
          {item.canEdit ? <EditRowLink to={`${screens.listPath}/${item.id}`} itemTitle={item.title} /> : null}
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
          <PageLink to={screens.listPath} icon={ArrowLeft}>
            {screens.trash.back}
          </PageLink>
        ) : (
          <>
            {canModerate ? (
              <PageLink to={adminScreen('comments').path} icon={MessageSquare}>
                Comments
              </PageLink>
            ) : null}
            <PageLink to={screens.trashPath} icon={Trash2}>
              View Trash
            </PageLink>
            <Link to={`${screens.listPath}/new`} className={primaryButton}>
              <Plus className="size-4" aria-hidden />
              {screens.editor.create}
            </Link>
          </>
        )
      }
    >
      {trash ? null : <StatusTabs tabs={list.tabs} current={status} />}
      <ListFilters search={search} placeholder={screens.search.placeholder} label={screens.search.label}>
        {status !== 'all' && !trash ? <input type="hidden" name="status" value={status} /> : null}
        {kind === 'post' ? <CategoryFilter categories={list.categories} selected={selected} /> : null}
        {trash ? null : <TranslationFilter languages={translatable} selected={missing} />}
      </ListFilters>
      <NewDrafts drafts={editing.drafts} newPath={`${screens.listPath}/new`} now={now} />
      <BulkActionsBar actions={bulkActions} selected={selection.selected} noun={screens.pagination} />
      <DataTable
        caption={trash ? screens.trash.caption : screens.list.caption}
        rows={rows}
        empty={trash ? screens.emptyTrash(search, filtered) : screens.empty(search, filtered || status !== 'all')}
        columns={bulkActions.length ? [select, ...columns, actions] : [...columns, actions]}
      />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} more={list.more} noun={screens.pagination} />
    </AdminPage>
  );
}
