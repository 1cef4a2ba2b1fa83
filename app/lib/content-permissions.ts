import { type Actor, hasPermission } from './permissions.ts';

/**
 * Who may do what with pages and posts (docs/product.md, "Roles"; WordPress's reading of the roles):
 * - pages: manage_pages edits and trashes, publish_pages publishes, delete_pages deletes for good;
 * - posts: publish_posts (editors) edit every post; anyone else edits only their own posts that are not
 *   live; manage_posts (authors) may also trash and restore their own; contributors (access_admin only)
 *   write drafts and send them for review; delete_posts deletes for good.
 * Shared by the server's checks and the buttons the UI shows.
 */

export interface PostOwnership {
  author_id: string | null;
  status: string;
}

export function canPublishPosts(actor: Actor): boolean {
  return hasPermission(actor, 'publish_posts');
}

/**
 * The category rule: authors (manage_posts) and editors (publish_posts) manage posts beyond their
 * own drafts: they see every post in the lists, trash and restore, and add categories.
 */
export function canManagePosts(actor: Actor): boolean {
  return hasPermission(actor, 'manage_posts') || canPublishPosts(actor);
}

/** Everyone in the admin may write posts; the list shows a contributor only their own. */
export function seesAllPosts(actor: Actor): boolean {
  return canManagePosts(actor);
}

export function canEditPost(actor: Actor, post: PostOwnership): boolean {
  if (canPublishPosts(actor)) return true;
  // A scheduled post is as good as live: only those who may publish change it.
  return post.author_id === actor.id && post.status !== 'published' && post.status !== 'scheduled';
}

export function canTrashPost(actor: Actor, post: PostOwnership): boolean {
  return canManagePosts(actor) && canEditPost(actor, { ...post, status: post.status === 'trash' ? 'draft' : post.status });
}

export function canDeletePost(actor: Actor): boolean {
  return hasPermission(actor, 'delete_posts');
}

/** The statuses this actor may save a post with. */
export function postStatusesFor(actor: Actor): ('draft' | 'review' | 'published')[] {
  return canPublishPosts(actor) ? ['draft', 'published', 'review'] : ['draft', 'review'];
}

export function canTrashPages(actor: Actor): boolean {
  return hasPermission(actor, 'manage_pages');
}

/** A published (or scheduled) page is changed (or trashed) only by someone who may publish pages. */
export function canEditPage(actor: Actor, page: { status: string }): boolean {
  const live = page.status === 'published' || page.status === 'scheduled';
  return hasPermission(actor, 'manage_pages') && (!live || hasPermission(actor, 'publish_pages'));
}

export function canDeletePages(actor: Actor): boolean {
  return hasPermission(actor, 'delete_pages');
}

export function pageStatusesFor(actor: Actor): ('draft' | 'published')[] {
  return hasPermission(actor, 'publish_pages') ? ['draft', 'published'] : ['draft'];
}
