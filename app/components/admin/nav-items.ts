import type { Permission } from '#app/lib/permissions.ts';

export interface AdminNavItem {
  label: string;
  path: string;
  /** What a user needs to open the screen; the screen's loader checks it on the server. */
  permission: Permission;
}

/** The sidebar entries of spec 2.2, in order. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { label: 'Dashboard', path: '/admin', permission: 'access_admin' },
  { label: 'Content', path: '/admin/content', permission: 'manage_pages' },
  { label: 'Pages', path: '/admin/pages', permission: 'manage_pages' },
  { label: 'Blog', path: '/admin/blog', permission: 'access_admin' },
  { label: 'Themes', path: '/admin/themes', permission: 'manage_settings' },
  { label: 'Media Library', path: '/admin/media', permission: 'manage_media' },
  { label: 'Contact', path: '/admin/contact', permission: 'manage_settings' },
  { label: 'Users', path: '/admin/users', permission: 'manage_users' },
  { label: 'Messages', path: '/admin/messages', permission: 'manage_comments' },
  { label: 'Settings', path: '/admin/settings', permission: 'manage_settings' },
];

/** Screens reached from elsewhere than the sidebar. */
const OTHER_SCREENS: readonly AdminNavItem[] = [
  { label: 'Navigation Menu', path: '/admin/menu', permission: 'manage_settings' },
  { label: 'Theme Editor', path: '/admin/themes/', permission: 'manage_settings' },
];

/** The screen a path belongs to: the longest matching entry. */
export function screenForPath(pathname: string): AdminNavItem | undefined {
  const candidates = [...ADMIN_NAV, ...OTHER_SCREENS].filter(
    (item) => pathname === item.path || pathname.startsWith(item.path.endsWith('/') ? item.path : `${item.path}/`),
  );
  return candidates.sort((a, b) => b.path.length - a.path.length)[0];
}
