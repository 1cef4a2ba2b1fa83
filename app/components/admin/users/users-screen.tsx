import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';

import { AdminPage, PageLink } from '#app/components/admin/admin-page.tsx';
import { TabList } from '#app/components/ui/tab-list.tsx';

const TABS = [
  { id: 'users', label: 'Users', to: '/admin/users' },
  { id: 'roles', label: 'Roles', to: '/admin/users/roles' },
] as const;

/**
 * The User Management screen around its Users or Roles tab: the heading with the tab's add button, and the tabs as
 * links (each tab is its own screen with its own permission), marked up as a tab list.
 */
export function UsersScreen(props: {
  current: 'users' | 'roles';
  allowed: { users: boolean; roles: boolean };
  subtitle: string;
  add: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <AdminPage
      title="User Management"
      subtitle={props.subtitle}
      actions={
        <PageLink to={props.add.to} icon={Plus} primary>
          {props.add.label}
        </PageLink>
      }
    >
      <TabList
        label="User management"
        idPrefix="users"
        items={TABS.filter((tab) => props.allowed[tab.id] || tab.id === props.current)}
        selected={props.current}
      />
      {props.children}
    </AdminPage>
  );
}
