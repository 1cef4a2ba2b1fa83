import { ExternalLink, LogOut } from 'lucide-react';
import { Form, useLocation } from 'react-router';

import { SearchInput } from '#app/components/ui/search-input.tsx';
import type { SessionUser } from '#app/services/auth/session-user.ts';

import { MobileSidebar } from './mobile-sidebar.tsx';
import { NotificationsMenu } from './notifications-menu.tsx';
import { UserMenu } from './user-menu.tsx';

/** The admin's top bar: the site being edited (and a way to see it), the search, the bell, the user and Logout. */
export function TopBar({ user, siteName }: { user: SessionUser; siteName: string }) {
  const { pathname, search } = useLocation();
  // On the results, the box keeps the words searched for.
  const searched = pathname === '/admin/search' ? (new URLSearchParams(search).get('q') ?? '') : '';
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-gray-200 bg-white px-4 sm:px-6">
      <MobileSidebar user={user} />
      <div className="hidden min-w-0 shrink items-center gap-2 md:flex">
        <span className="max-w-48 truncate text-sm font-semibold text-gray-900" title={siteName}>
          {siteName}
        </span>
        <a
          href="/"
          target="_blank"
          rel="noopener"
          className="inline-flex shrink-0 items-center gap-1 rounded px-1.5 py-1 text-sm font-medium text-blue-800 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          View site
          <ExternalLink className="size-3.5" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
      <Form key={searched} method="get" action="/admin/search" role="search" className="max-w-md min-w-0 flex-1">
        <SearchInput id="admin-search" label="Search" name="q" placeholder="Search..." defaultValue={searched} />
      </Form>
      <div className="ml-auto flex items-center gap-2">
        <NotificationsMenu />
        <UserMenu user={user} />
        <Form method="post" action="/logout">
          <button
            type="submit"
            className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100"
          >
            <LogOut className="size-4" aria-hidden />
            Logout
          </button>
        </Form>
      </div>
    </header>
  );
}
