import { type Actor, canDeletePost, canEditPost, canTrashPost } from '#app/lib/content-permissions.ts';
import { readListQuery } from '#app/schemas/content-list.ts';
import { listCategories } from '#app/services/content/categories.server.ts';
import { listPosts } from '#app/services/content/posts.server.ts';

/** What the posts list and the trash load: one screen of posts with what this user may do to each, and the categories. */
export async function loadPostList(user: Actor, request: Request, trash: boolean) {
  const query = readListQuery(new URL(request.url));
  const [posts, categories] = await Promise.all([
    listPosts(user, { trash, search: query.q, categoryIds: query.category, page: query.page }),
    listCategories(),
  ]);
  const items = posts.items.map((post) => ({
    ...post,
    canEdit: canEditPost(user, post),
    canTrash: canTrashPost(user, post),
    canDelete: canDeletePost(user),
  }));
  return { posts: { ...posts, items }, categories, search: query.q, selected: query.category };
}
