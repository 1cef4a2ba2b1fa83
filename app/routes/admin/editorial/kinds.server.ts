import {
  canDeletePages,
  canDeletePost,
  canEditPost,
  canManagePosts,
  canTrashPages,
  canTrashPost,
  pageStatusesFor,
  postStatusesFor,
  seesAllPosts,
} from '#app/lib/content-permissions.ts';
import { canEditPage } from '#app/lib/content-permissions.ts';
import { CONTENT_SCREENS, type ContentKindId } from '#app/lib/content-screens.ts';
import type { ContentListQuery } from '#app/schemas/content-list.ts';
import { pageFormSchema } from '#app/schemas/page.ts';
import { postFormSchema } from '#app/schemas/post.ts';
import type { SessionUser } from '#app/services/auth/session-user.ts';
import { countByStatusFilter } from '#app/services/content/status-filters.server.ts';
import {
  createPage,
  deletePage,
  getPage,
  listPageDraftLinks,
  listPages,
  pageTranslations,
  restorePage,
  setPageStatus,
  trashPage,
  updatePage,
} from '#app/services/pages/pages.server.ts';
import { listCategories } from '#app/services/posts/categories.server.ts';
import {
  createPost,
  deletePost,
  getPost,
  listPostDraftLinks,
  listPosts,
  postTranslations,
  restorePost,
  setPostStatus,
  trashPost,
  updatePost,
} from '#app/services/posts/posts.server.ts';

/**
 * The services behind each kind's admin screens, so the one list/trash route and the one save
 * action reach pages and posts the same way.
 */
export const EDITORIAL_ROUTES = {
  page: {
    screens: CONTENT_SCREENS.page,
    schema: pageFormSchema,
    async list(user: SessionUser, query: ContentListQuery, trash: boolean) {
      const [pages, tabs] = await Promise.all([
        listPages({ trash, search: query.q, page: query.page, status: query.status, missing: query.missing }),
        countByStatusFilter('pages'),
      ]);
      const rights = { canEdit: true, canTrash: canTrashPages(user), canDelete: canDeletePages(user) };
      const items = pages.items.map((page) => ({ ...page, ...rights }));
      return { ...pages, items, categories: [], tabs };
    },
    async open(user: SessionUser, id: string) {
      const page = await getPage(id);
      if (!page) return page;
      // Opening a page keeps "published" (a scheduled one is published with a date to come, and saving keeps it
      // scheduled) and turns any other status into "draft" (docs/product.md, "Pages").
      const status = page.status === 'published' || page.status === 'scheduled' ? ('published' as const) : ('draft' as const);
      return {
        item: { ...page, status },
        canEdit: canEditPage(user, page),
        scheduledFor: page.status === 'scheduled' ? page.publish_date : null,
      };
    },
    statusesFor: pageStatusesFor,
    draftLinks: listPageDraftLinks,
    translations: pageTranslations,
    create: createPage,
    update: updatePage,
    trash: trashPage,
    restore: restorePage,
    remove: deletePage,
    setStatus: setPageStatus,
  },
  post: {
    screens: CONTENT_SCREENS.post,
    schema: postFormSchema,
    async list(user: SessionUser, query: ContentListQuery, trash: boolean) {
      const [posts, categories, tabs] = await Promise.all([
        listPosts(user, {
          trash,
          search: query.q,
          categoryIds: query.category,
          page: query.page,
          status: query.status,
          missing: query.missing,
        }),
        listCategories(),
        countByStatusFilter('blog_posts', seesAllPosts(user) ? {} : { authorId: user.id }),
      ]);
      const items = posts.items.map((post) => ({
        ...post,
        canEdit: canEditPost(user, post),
        canTrash: canTrashPost(user, post),
        canDelete: canDeletePost(user),
      }));
      return { ...posts, items, categories, tabs };
    },
    async open(user: SessionUser, id: string) {
      const post = await getPost(id);
      if (!post) return post;
      // The editor opens a trashed post as a draft (docs/product.md, "Blog posts").
      // A scheduled post opens as published with its date to come: saving it keeps it scheduled.
      const status = post.status === 'trash' ? ('draft' as const) : post.status === 'scheduled' ? ('published' as const) : post.status;
      return {
        item: { ...post, status },
        canEdit: canEditPost(user, post),
        scheduledFor: post.status === 'scheduled' ? post.publish_date : null,
      };
    },
    statusesFor: postStatusesFor,
    draftLinks: listPostDraftLinks,
    translations: postTranslations,
    create: createPost,
    update: updatePost,
    trash: trashPost,
    restore: restorePost,
    remove: deletePost,
    setStatus: setPostStatus,
    canAddCategory: canManagePosts,
  },
} as const;

export function editorialRoutes(kind: ContentKindId) {
  return EDITORIAL_ROUTES[kind];
}
