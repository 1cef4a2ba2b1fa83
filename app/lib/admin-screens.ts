import type { Permission } from './permissions.ts';

export interface AdminScreen {
  id: string;
  label: string;
  path: string;
  /** What a user needs to open the screen; `requireScreen` checks it on the server in the screen's loader and action. */
  permission: Permission;
  /** Shown in the sidebar, in this table's order. */
  sidebar: boolean;
  /**
   * A screen of the same section the sidebar entry leads to, under this entry's label, for a user who
   * may open that screen but not this one (the Roles tab of User Management for manage_roles alone).
   */
  sidebarFallback?: string;
}

/** Every admin screen: the sidebar reads it, and every loader's guard reads it, so a permission is written once. */
export const ADMIN_SCREENS = [
  { id: 'dashboard', label: 'Dashboard', path: '/admin', permission: 'access_admin', sidebar: true },
  { id: 'content', label: 'Content', path: '/admin/content', permission: 'manage_pages', sidebar: true },
  { id: 'pages', label: 'Pages', path: '/admin/pages', permission: 'manage_pages', sidebar: true },
  { id: 'blog', label: 'Blog', path: '/admin/blog', permission: 'access_admin', sidebar: true },
  // Visitors' comments, moderated by editors and administrators. Not one of the spec's ten sidebar entries: the Blog
  // entry carries their pending count; the dashboard's card and quick link and the notifications lead here.
  { id: 'comments', label: 'Comments', path: '/admin/comments', permission: 'manage_comments', sidebar: false },
  { id: 'themes', label: 'Themes', path: '/admin/themes', permission: 'manage_settings', sidebar: true },
  { id: 'media', label: 'Media Library', path: '/admin/media', permission: 'manage_media', sidebar: true },
  { id: 'contact', label: 'Contact', path: '/admin/contact', permission: 'manage_settings', sidebar: true },
  { id: 'users', label: 'Users', path: '/admin/users', permission: 'manage_users', sidebar: true, sidebarFallback: 'roles' },
  // Contact messages hold visitors' personal data (names, addresses, phone numbers): administrators only (decision 014).
  { id: 'messages', label: 'Messages', path: '/admin/messages', permission: 'manage_settings', sidebar: true },
  { id: 'settings', label: 'Settings', path: '/admin/settings', permission: 'manage_settings', sidebar: true },
  { id: 'menu', label: 'Navigation Menu', path: '/admin/menu', permission: 'manage_settings', sidebar: false },
  { id: 'theme-editor', label: 'Theme Editor', path: '/admin/themes/', permission: 'manage_settings', sidebar: false },
  // Everyone in the admin has notifications; each one is shown only to users whose permissions cover it.
  { id: 'notifications', label: 'Notifications', path: '/admin/notifications', permission: 'access_admin', sidebar: false },
  { id: 'search', label: 'Search', path: '/admin/search', permission: 'access_admin', sidebar: false },
  { id: 'roles', label: 'Roles', path: '/admin/users/roles', permission: 'manage_roles', sidebar: false },
  { id: 'account', label: 'My Account', path: '/admin/account', permission: 'access_admin', sidebar: false },
  { id: 'audit', label: 'Audit Log', path: '/admin/settings/audit', permission: 'manage_settings', sidebar: false },
  { id: 'redirects', label: 'Redirects', path: '/admin/settings/redirects', permission: 'manage_settings', sidebar: false },
  // Every signed-in staff member manages their own second factor and API tokens.
  { id: 'two-factor', label: 'Two-Factor Sign-In', path: '/admin/account/two-factor', permission: 'access_admin', sidebar: false },
  { id: 'api-tokens', label: 'API Tokens', path: '/admin/account/tokens', permission: 'access_admin', sidebar: false },
] as const satisfies readonly AdminScreen[];

export type AdminScreenId = (typeof ADMIN_SCREENS)[number]['id'];

export function adminScreen(id: AdminScreenId): AdminScreen {
  return ADMIN_SCREENS.find((screen) => screen.id === id)!;
}

/** The sidebar's entries for a user who holds the permissions `may` accepts, each leading to a screen they may open. */
export function sidebarScreensFor(may: (permission: Permission) => boolean): AdminScreen[] {
  const screens: AdminScreen[] = [];
  for (const screen of ADMIN_SCREENS as readonly AdminScreen[]) {
    if (!screen.sidebar) continue;
    if (may(screen.permission)) {
      screens.push(screen);
      continue;
    }
    const fallback = ADMIN_SCREENS.find((other) => other.id === screen.sidebarFallback);
    if (fallback && may(fallback.permission)) screens.push({ ...screen, path: fallback.path, permission: fallback.permission });
  }
  return screens;
}

/** The screen a path belongs to: the longest matching entry. */
export function screenForPath(pathname: string): AdminScreen | undefined {
  const candidates = ADMIN_SCREENS.filter(
    (item) => pathname === item.path || pathname.startsWith(item.path.endsWith('/') ? item.path : `${item.path}/`),
  );
  return [...candidates].sort((a, b) => b.path.length - a.path.length)[0];
}
