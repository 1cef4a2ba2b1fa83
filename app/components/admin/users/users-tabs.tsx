import { Link } from 'react-router';

const TABS = [
  { id: 'users', label: 'Users', to: '/admin/users' },
  { id: 'roles', label: 'Roles', to: '/admin/users/roles' },
] as const;

/** The Users and Roles tabs: links (each tab is its own screen with its own permission), marked up as a tab list. */
export function UsersTabs({ current, allowed }: { current: 'users' | 'roles'; allowed: { users: boolean; roles: boolean } }) {
  return (
    <div role="tablist" aria-label="User management" className="flex gap-1 overflow-x-auto border-b border-gray-200">
      {TABS.filter((tab) => allowed[tab.id] || tab.id === current).map((tab) => {
        const selected = tab.id === current;
        return (
          <Link
            key={tab.id}
            role="tab"
            to={tab.to}
            aria-selected={selected}
            className={`-mb-px shrink-0 border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-blue-700 ${
              selected ? 'border-blue-700 text-blue-800' : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900'
            }`}
          >
            {tab.label}
          </Link>
        );
      })}
    </div>
  );
}
