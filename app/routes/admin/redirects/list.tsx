import { parseWithZod } from '@conform-to/zod/v4';
import { data, Link } from 'react-router';

import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { type Column, DataTable } from '#app/components/admin/data-table.tsx';
import { ListFilters } from '#app/components/admin/list-filters.tsx';
import { RedirectForm } from '#app/components/admin/redirects/redirect-form.tsx';
import { RedirectImport } from '#app/components/admin/redirects/redirect-import.tsx';
import { DeleteRowButton, EditRowLink } from '#app/components/admin/row-actions.tsx';
import { SiteDate } from '#app/components/site-date.tsx';
import { rowAction } from '#app/components/ui/buttons.ts';
import { FormAlert } from '#app/components/ui/form-alert.tsx';
import { replyMessages } from '#app/components/ui/row-failure-toast.ts';
import { failureMessage, failureStatus, replyInvalid, replyRowFailure, replyWithFailure } from '#app/http/failure.server.ts';
import { readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { redirectDeleteSchema, redirectFormSchema } from '#app/schemas/redirect.ts';
import { deleteRedirect, getRedirect, listRedirects, type RedirectRow, saveRedirect } from '#app/services/redirects/redirects.server.ts';
import { importRedirects, MAX_IMPORT_ROWS } from '#app/services/redirects/redirects-csv.server.ts';

import type { Route } from './+types/list';

export const meta: Route.MetaFunction = () => [{ title: 'Redirects · Settings · Admin · Atelier' }];

const BACK = '/admin/settings/redirects';

export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, 'redirects');
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').slice(0, 200);
  const editId = url.searchParams.get('edit');
  const [rows, edited] = await Promise.all([listRedirects(q), editId ? getRedirect(editId.slice(0, 100)) : undefined]);
  if (editId && !edited) throw data({ message: 'This redirect no longer exists.' }, { status: 404 });
  const editing = edited
    ? { id: edited.id, from: edited.from_path, to: edited.to_target, status: String(edited.status_code) as '301' | '302' }
    : null;
  return { rows, q, editing, maxRows: MAX_IMPORT_ROWS };
}

/** Add or change a redirect, delete one, or import a CSV file: each checked and audited by the service. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireScreen(request, 'redirects');
  const form = await readForm(request);
  const intent = form.get('intent');
  if (intent === 'delete') {
    const parsed = redirectDeleteSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw data({ message: 'Unknown redirect.' }, { status: 400 });
    const result = await deleteRedirect(actor, parsed.data.id);
    if (!result.ok) return replyRowFailure(result, { intent });
    return redirectWithToast(BACK, { type: 'success', message: 'Redirect deleted' });
  }
  if (intent === 'import') {
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) return replyRowFailure('Choose a CSV file to import.', { intent });
    const result = await importRedirects(actor, await file.text());
    if (!result.ok) {
      const message = result.reason === 'invalid' ? (result.fieldErrors.file?.[0] ?? failureMessage(result)) : failureMessage(result);
      return replyRowFailure(message, { intent, status: failureStatus(result) });
    }
    return redirectWithToast(BACK, { type: 'success', message: `Redirects imported: ${result.added} added, ${result.changed} changed` });
  }
  const submission = parseWithZod(form, { schema: redirectFormSchema });
  if (submission.status !== 'success') return replyInvalid(submission);
  const { id, from, to, status } = submission.value;
  const result = await saveRedirect(actor, { id: id || undefined, from, to, status: status === '302' ? 302 : 301 });
  if (!result.ok) return replyWithFailure(submission, result);
  return redirectWithToast(BACK, { type: 'success', message: id ? 'Redirect updated' : 'Redirect added' });
}

export default function RedirectsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, q, editing } = loaderData;
  // Delete and Import answer as row actions (their intent); a save answers the form.
  const failed = actionData?.intent === 'delete' || actionData?.intent === 'import' ? actionData : undefined;
  const saveResult = actionData && !failed ? actionData.result : undefined;
  const failedMessage = replyMessages(failed)[0];
  const columns: Column<RedirectRow>[] = [
    { header: 'From', className: 'min-w-48 font-mono text-xs break-all', cell: (row) => row.from_path },
    {
      header: 'To',
      className: 'min-w-48 font-mono text-xs break-all',
      cell: (row) => (
        <>
          {row.to_target}
          {row.automatic ? <span className="ml-2 rounded bg-gray-100 px-1.5 py-0.5 font-sans text-gray-700">slug change</span> : null}
        </>
      ),
    },
    { header: 'Type', className: 'whitespace-nowrap', cell: (row) => (row.status_code === 301 ? '301 Permanent' : '302 Temporary') },
    { header: 'Hits', className: 'text-right tabular-nums', cell: (row) => row.hits.toLocaleString('en') },
    {
      header: 'Last Hit',
      className: 'whitespace-nowrap',
      cell: (row) => (row.last_hit_at ? <SiteDate iso={row.last_hit_at} time /> : 'Never'),
    },
    {
      header: 'Actions',
      className: 'text-right whitespace-nowrap',
      cell: (row) => (
        <>
          <EditRowLink to={`?edit=${encodeURIComponent(row.id)}`} itemTitle={row.from_path} />
          <DeleteRowButton
            id={row.id}
            itemTitle={row.from_path}
            confirm={{ title: 'Delete Redirect', message: `Are you sure you want to delete the redirect from ${row.from_path}?` }}
          />
        </>
      ),
    },
  ];
  return (
    <AdminPage
      title="Redirects"
      subtitle="Old addresses that lead visitors to new ones. A published page's or post's slug change adds one automatically."
      actions={
        <Link to="/admin/settings" className={`${rowAction} text-blue-800`}>
          Back to Settings
        </Link>
      }
    >
      <FormAlert errors={failed?.intent === 'delete' && failedMessage ? [failedMessage] : undefined} conflict={false} />
      <RedirectForm key={editing?.id ?? 'new'} editing={editing} lastResult={saveResult} />
      <RedirectImport error={failed?.intent === 'import' ? failedMessage : undefined} maxRows={loaderData.maxRows} />
      <ListFilters search={q} placeholder="Search redirects..." label="Search redirects by path or address" />
      <DataTable caption="Redirects" rows={rows} columns={columns} empty={q ? 'No redirects match this search.' : 'No redirects yet.'} />
    </AdminPage>
  );
}
