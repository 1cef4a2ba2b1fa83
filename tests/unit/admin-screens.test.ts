import { describe, expect, it } from 'vitest';

import { sidebarScreensFor } from '#app/lib/admin-screens.ts';
import { type Permission, PERMISSIONS } from '#app/lib/permissions.ts';

const holding =
  (...permissions: Permission[]) =>
  (permission: Permission) =>
    permissions.includes(permission);
const entries = (may: (permission: Permission) => boolean) => sidebarScreensFor(may).map(({ label, path }) => `${label} ${path}`);

describe('the admin sidebar (docs/product.md, Users and roles)', () => {
  it('leads a user who may manage roles but not users to the Roles tab', () => {
    expect(entries(holding('access_admin', 'manage_roles'))).toEqual(['Dashboard /admin', 'Blog /admin/blog', 'Users /admin/users/roles']);
  });

  it('leads a user who may manage users to the Users tab, and shows no entry to one who may do neither', () => {
    expect(entries(holding('access_admin', 'manage_users', 'manage_roles'))).toContain('Users /admin/users');
    expect(entries(holding('access_admin', 'manage_users'))).toContain('Users /admin/users');
    expect(entries(holding('access_admin')).some((entry) => entry.startsWith('Users'))).toBe(false);
  });

  it('shows an administrator every sidebar screen once, at its own path', () => {
    const all = entries((permission) => PERMISSIONS.includes(permission));
    expect(all).toEqual([
      'Dashboard /admin',
      'Content /admin/content',
      'Pages /admin/pages',
      'Blog /admin/blog',
      'Themes /admin/themes',
      'Media Library /admin/media',
      'Contact /admin/contact',
      'Users /admin/users',
      'Messages /admin/messages',
      'Settings /admin/settings',
    ]);
  });
});
