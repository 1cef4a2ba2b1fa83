import { TabList } from '#app/components/ui/tab-list.tsx';

const TABS = [
  { id: 'users', label: 'Users', to: '/admin/users' },
  { id: 'roles', label: 'Roles', to: '/admin/users/roles' },
] as const;

/** The Users and Roles tabs: links (each tab is its own screen with its own permission), marked up as a tab list. */
export function UsersTabs({ current, allowed }: { current: 'users' | 'roles'; allowed: { users: boolean; roles: boolean } }) {
  return (
    <TabList
      label="User management"
      idPrefix="users"
      items={TABS.filter((tab) => allowed[tab.id] || tab.id === current)}
      selected={current}
    />
  );
}
