import { describe, expect, it } from 'vitest';

import { DEFAULT_ROLES, hasPermission, isPermission, PERMISSIONS } from '#app/lib/permissions.ts';

const role = (id: string) => {
  const found = DEFAULT_ROLES.find((candidate) => candidate.id === id)!;
  return { role: { id: found.id, permissions: found.permissions } };
};

describe('permissions (docs/product.md, Permissions)', () => {
  it('has the twelve-permission vocabulary', () => {
    expect(PERMISSIONS).toHaveLength(12);
    expect(new Set(PERMISSIONS).size).toBe(12);
  });

  it('defines the four default roles with the spec permissions', () => {
    expect(DEFAULT_ROLES.map((r) => r.id)).toEqual(['administrator', 'editor', 'author', 'contributor']);
    expect([...role('administrator').role.permissions].sort()).toEqual([...PERMISSIONS].sort());
    expect([...role('editor').role.permissions].sort()).toEqual([
      'access_admin',
      'manage_comments',
      'manage_media',
      'manage_pages',
      'manage_posts',
      'publish_pages',
      'publish_posts',
    ]);
    expect([...role('author').role.permissions].sort()).toEqual(['access_admin', 'manage_media', 'manage_posts']);
    expect(role('contributor').role.permissions).toEqual(['access_admin']);
  });

  it('grants what the role lists and nothing else', () => {
    expect(hasPermission(role('editor'), 'publish_posts')).toBe(true);
    expect(hasPermission(role('editor'), 'manage_users')).toBe(false);
    expect(hasPermission(role('author'), 'publish_posts')).toBe(false);
    expect(hasPermission(role('contributor'), 'access_admin')).toBe(true);
  });

  it('is false for an unknown user or role', () => {
    expect(hasPermission(null, 'access_admin')).toBe(false);
    expect(hasPermission(undefined, 'access_admin')).toBe(false);
    expect(hasPermission({ role: null }, 'access_admin')).toBe(false);
  });

  it('recognises only the vocabulary', () => {
    expect(isPermission('manage_pages')).toBe(true);
    expect(isPermission('manage_everything')).toBe(false);
  });
});
