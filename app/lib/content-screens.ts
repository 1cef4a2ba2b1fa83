import type { AdminScreenId } from './admin-screens.ts';

/**
 * What the admin shows for each kind of editorial content: paths, titles, labels and toasts of
 * its list, trash and editor. One list/trash route module and one editor shell read it, so pages
 * and posts differ only here (and in their own fields).
 */
export interface ContentScreens {
  kind: ContentKindId;
  screen: AdminScreenId;
  listPath: string;
  trashPath: string;
  /** The public address of an item. */
  livePath: (slug: string) => string;
  /** The slug field's prefix. */
  slugPrefix: string;
  pagination: string;
  list: { title: string; subtitle: string; caption: string; meta: string };
  trash: { subtitle: string; back: string; caption: string; meta: string };
  search: { placeholder: string; label: string };
  empty: (search: string, filtered: boolean) => string;
  emptyTrash: (search: string, filtered: boolean) => string;
  confirmDelete: string;
  editor: {
    create: string;
    edit: string;
    createSubtitle: string;
    editSubtitle: string;
    titleLabel: string;
    viewLive: string;
    publishHint: string;
  };
  toasts: { created: string; updated: string; trashed: string; deleted: string; restored: (renamedTo: string | null) => string };
}

export type ContentKindId = 'page' | 'post';

/** The editors' hidden field that Ctrl/Cmd+S sets: the save then returns to the editor, not to the list. */
export const SAVE_AND_STAY_FIELD = 'saveAndStay';

export const CONTENT_SCREENS: Record<ContentKindId, ContentScreens> = {
  page: {
    kind: 'page',
    screen: 'pages',
    listPath: '/admin/pages',
    trashPath: '/admin/pages/trash',
    livePath: (slug) => `/${slug}`,
    slugPrefix: '/',
    pagination: 'page',
    list: { title: 'Pages', subtitle: 'Manage your website pages.', caption: 'Pages', meta: 'Pages · Admin' },
    trash: {
      subtitle: 'Manage deleted pages. Pages can be restored or permanently deleted.',
      back: 'Back to Pages',
      caption: 'Pages in the trash',
      meta: 'Trash · Pages · Admin',
    },
    search: { placeholder: 'Search pages...', label: 'Search pages' },
    empty: (search, filtered) => (search ? `No pages match “${search}”.` : filtered ? 'No pages match this filter.' : 'No pages yet.'),
    emptyTrash: (search) => (search ? `No pages in the trash match “${search}”.` : 'The trash is empty.'),
    confirmDelete: 'Are you sure you want to permanently delete this page? This action cannot be undone.',
    editor: {
      create: 'Create New Page',
      edit: 'Edit Page',
      createSubtitle: 'Create a new page for your website.',
      editSubtitle: 'Modify the page content and settings.',
      titleLabel: 'Page Title',
      viewLive: 'View live page',
      publishHint: 'UTC. Left empty, the page is dated when it is published.',
    },
    toasts: {
      created: 'Page created successfully!',
      updated: 'Page updated successfully!',
      trashed: 'Page moved to trash',
      deleted: 'Page permanently deleted',
      restored: (slug) => (slug === null ? 'Page restored as a draft' : `Page restored as a draft at /${slug}`),
    },
  },
  post: {
    kind: 'post',
    screen: 'blog',
    listPath: '/admin/blog',
    trashPath: '/admin/blog/trash',
    livePath: (slug) => `/blog/${slug}`,
    slugPrefix: '/blog/',
    pagination: 'post',
    list: {
      title: 'Blog Posts',
      subtitle: 'Write, edit and publish the articles of your blog.',
      caption: 'Blog posts',
      meta: 'Blog · Admin',
    },
    trash: {
      subtitle: 'Manage deleted posts. Posts can be restored or permanently deleted.',
      back: 'Back to Posts',
      caption: 'Blog posts in the trash',
      meta: 'Trash · Blog · Admin',
    },
    search: { placeholder: 'Search posts...', label: 'Search posts' },
    empty: (search, filtered) => (search ? 'No posts match this search.' : filtered ? 'No posts match this filter.' : 'No posts yet.'),
    emptyTrash: (_search, filtered) => (filtered ? 'No posts in the trash match this search.' : 'The trash is empty.'),
    confirmDelete: 'Are you sure you want to permanently delete this post? This action cannot be undone.',
    editor: {
      create: 'Create New Post',
      edit: 'Edit Post',
      createSubtitle: 'Write a new article for your blog.',
      editSubtitle: 'Modify the post content and settings.',
      titleLabel: 'Post Title',
      viewLive: 'View live post',
      publishHint: 'UTC. Left empty, the post is dated when it is published.',
    },
    toasts: {
      created: 'Post created successfully!',
      updated: 'Post updated successfully!',
      trashed: 'Post moved to trash',
      deleted: 'Post permanently deleted',
      restored: (slug) => (slug === null ? 'Post restored as a draft' : `Post restored as a draft at /blog/${slug}`),
    },
  },
};

/** The kind whose admin screens a path belongs to (/admin/pages…, /admin/blog…). */
export function contentKindForPath(pathname: string): ContentScreens {
  return pathname.startsWith(CONTENT_SCREENS.post.listPath) ? CONTENT_SCREENS.post : CONTENT_SCREENS.page;
}
