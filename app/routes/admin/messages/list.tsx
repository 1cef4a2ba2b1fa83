import { Download } from 'lucide-react';
import { data, Link } from 'react-router';

import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { ListFilters } from '#app/components/admin/list-filters.tsx';
import { MessageList } from '#app/components/admin/messages/message-list.tsx';
import { Pagination } from '#app/components/admin/pagination.tsx';
import { secondaryButton } from '#app/components/ui/buttons.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { MESSAGE_FOLDERS, messageFilterSchema } from '#app/schemas/messages.ts';
import { countFailedNotifications, listMessages } from '#app/services/messages/messages.server.ts';

import type { Route } from './+types/list';
import { handleMessageAction } from './message-action.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Messages · Admin' }];

function readFilter(request: Request) {
  const parsed = messageFilterSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw data({ message: parsed.error.issues[0]?.message ?? 'Invalid filter.' }, { status: 400 });
  return parsed.data;
}

/** The contact-form messages of one folder, searched by sender and subject, one screen at a time. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, 'messages');
  const filter = readFilter(request);
  const [list, failedNotifications] = await Promise.all([listMessages(filter), countFailedNotifications()]);
  return { filter, list, failedNotifications, now: Date.now() };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'messages');
  const url = new URL(request.url);
  return handleMessageAction(request, user, () => `${url.pathname}${url.search}`);
}

export default function Messages({ loaderData: { filter, list, failedNotifications, now } }: Route.ComponentProps) {
  const exportParams = new URLSearchParams({ folder: filter.folder, ...(filter.q ? { q: filter.q } : {}) });
  const folderHref = (folder: string) => (folder === 'inbox' ? '/admin/messages' : `/admin/messages?folder=${folder}`);
  return (
    <AdminPage
      title="Messages"
      subtitle="Messages sent through the contact form."
      actions={
        <a href={`/admin/messages/export.csv?${exportParams}`} className={secondaryButton} download>
          <Download className="size-4" aria-hidden />
          Export CSV
        </a>
      }
    >
      {failedNotifications > 0 ? (
        <p role="alert" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {failedNotifications === 1 ? 'The email notification of 1 message' : `The email notifications of ${failedNotifications} messages`}{' '}
          could not be sent. Open a message to see why, and check the{' '}
          <Link to="/admin/settings" className="font-medium underline">
            Email settings
          </Link>
          .
        </p>
      ) : null}
      <nav aria-label="Folders" className="flex gap-1 border-b border-gray-200">
        {MESSAGE_FOLDERS.map((folder) => {
          const current = folder.value === filter.folder;
          return (
            <Link
              key={folder.value}
              to={folderHref(folder.value)}
              aria-current={current ? 'page' : undefined}
              className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${current ? 'border-blue-700 text-blue-800' : 'border-transparent text-gray-700 hover:text-gray-900'}`}
            >
              {folder.label}
            </Link>
          );
        })}
      </nav>
      <ListFilters search={filter.q ?? ''} placeholder="Search sender or subject..." label="Search messages">
        {filter.folder !== 'inbox' ? <input type="hidden" name="folder" value={filter.folder} /> : null}
      </ListFilters>
      <MessageList
        key={`${filter.folder} ${filter.q ?? ''} ${list.page}`}
        folder={filter.folder}
        messages={list.items}
        now={now}
        searched={!!filter.q}
      />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} more={list.more} noun="message" />
    </AdminPage>
  );
}
