/** The permission vocabulary of docs/product.md (Permissions). Shared by the server's checks and the UI. */
export const PERMISSIONS = [
  'manage_users',
  'manage_roles',
  'manage_pages',
  'publish_pages',
  'delete_pages',
  'manage_posts',
  'publish_posts',
  'delete_posts',
  'manage_media',
  'manage_comments',
  'manage_settings',
  'access_admin',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export interface RoleDefinition {
  id: string;
  name: string;
  description: string;
  permissions: readonly string[];
}

export const DEFAULT_ROLES: readonly RoleDefinition[] = [
  { id: 'administrator', name: 'Administrator', description: 'Full access to all features', permissions: PERMISSIONS },
  {
    id: 'editor',
    name: 'Editor',
    description: 'Can manage and publish content',
    permissions: ['manage_pages', 'publish_pages', 'manage_posts', 'publish_posts', 'manage_media', 'manage_comments', 'access_admin'],
  },
  {
    id: 'author',
    name: 'Author',
    description: 'Can write and manage their own content',
    permissions: ['manage_posts', 'manage_media', 'access_admin'],
  },
  { id: 'contributor', name: 'Contributor', description: 'Can write content but cannot publish', permissions: ['access_admin'] },
];

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** The user shape the permission check needs: the role comes resolved, or null when the role id is unknown. */
export interface UserWithRole {
  role: { id: string; permissions: readonly string[] } | null;
}

/**
 * Who acts: the signed-in user with their role as loaded for this request (the session user; an API token's user).
 * The one actor type: the first argument of every write service, which checks its own permission on it.
 * `name` is kept as the author name of the posts they create and in the audit log.
 */
export interface Actor extends UserWithRole {
  id: string;
  name?: string;
}

/** True when the user's role lists the permission; false for an unknown user or role (docs/product.md, Permissions). */
export function hasPermission(user: UserWithRole | null | undefined, permission: Permission): boolean {
  return !!user?.role && user.role.permissions.includes(permission);
}

/**
 * Who manages every media item, whoever uploaded it: those who may publish (editors and administrators), and
 * settings managers, whose logo and hero images are media items. Everyone else with `manage_media` uploads and
 * uses every item but changes (edits, renames, deletes) only their own.
 */
export function canManageAllMedia(user: UserWithRole | null | undefined): boolean {
  return hasPermission(user, 'publish_posts') || hasPermission(user, 'publish_pages') || hasPermission(user, 'manage_settings');
}

/** True when the user may edit or delete this media item; items without an uploader belong to the staff. */
export function canManageMediaItem(user: (UserWithRole & { id: string }) | null | undefined, item: { uploadedBy: string | null }): boolean {
  if (!user || !hasPermission(user, 'manage_media')) return false;
  return canManageAllMedia(user) || (item.uploadedBy !== null && item.uploadedBy === user.id);
}
