import type { Permission } from './permissions.ts';

/** The role form's checkbox grid: every permission once, in four groups, with what it allows in this admin. */
export const PERMISSION_GROUPS: readonly { label: string; permissions: readonly { id: Permission; explanation: string }[] }[] = [
  {
    label: 'Content',
    permissions: [
      { id: 'manage_pages', explanation: 'Create and edit draft pages, move pages to the trash, edit the landing content.' },
      { id: 'publish_pages', explanation: 'Publish pages and edit pages that are already live.' },
      { id: 'delete_pages', explanation: 'Delete pages from the trash for good.' },
      { id: 'manage_posts', explanation: 'See every post, trash and restore their own posts, add categories.' },
      { id: 'publish_posts', explanation: 'Publish posts and edit anyone’s post, live ones included.' },
      { id: 'delete_posts', explanation: 'Delete posts from the trash for good.' },
    ],
  },
  {
    label: 'Media',
    permissions: [{ id: 'manage_media', explanation: 'Upload, edit and delete files in the media library.' }],
  },
  {
    label: 'People',
    permissions: [
      { id: 'manage_users', explanation: 'Invite, edit, deactivate and delete users (only with roles they could hold).' },
      { id: 'manage_roles', explanation: 'Create, edit and delete roles (granting only permissions they hold).' },
      { id: 'manage_comments', explanation: 'Moderate visitors’ comments: approve, reply, edit, mark as spam, trash and delete them.' },
    ],
  },
  {
    label: 'Site',
    permissions: [
      { id: 'manage_settings', explanation: 'Change settings, themes, the menu and contact details; read messages and the audit log.' },
      { id: 'access_admin', explanation: 'Sign in to the admin at all; without it a role opens no screen.' },
    ],
  },
];
