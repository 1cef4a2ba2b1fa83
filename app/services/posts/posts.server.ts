import { type Kysely, sql } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import { boundedSearch, listCondition, screenSlice, withoutSearchVector } from '#app/db/full-text.server.ts';
import type { BlogPostRow, Database } from '#app/db/schema.ts';
import { isLanguage, type Language } from '#app/i18n/languages.ts';
import { canDeletePost, canEditPost, canManagePosts, canTrashPost, postStatusesFor, seesAllPosts } from '#app/lib/content-permissions.ts';
import { nowIso } from '#app/lib/ids.ts';
import { parseJson } from '#app/lib/json.ts';
import type { Paginated } from '#app/lib/paginated.ts';
import { type Actor, hasPermission } from '#app/lib/permissions.ts';
import type { PostForm } from '#app/schemas/post.ts';
import { createDraftLink, listDraftLinks, revokeDraftLink } from '#app/services/content/draft-links.server.ts';
import { createItem, deleteItem, restoreItem, trashItem, updateItem } from '#app/services/content/editorial.server.ts';
import type { ContentKind } from '#app/services/content/kind.ts';
import { COUNT_CAP, FILTERED_COUNT_CAP, listScreen } from '#app/services/content/pagination.server.ts';
import { publishDueItems, unscheduleItem } from '#app/services/content/scheduling.server.ts';
import { type BulkStatus, setItemStatus } from '#app/services/content/status-change.server.ts';
import { statusFilter } from '#app/services/content/status-filters.server.ts';
import {
  confirmTranslation,
  createTranslation,
  listTranslations,
  missingIn,
  oneRowPerItem,
  type TranslationState,
  withTranslationStates,
} from '#app/services/content/translations.server.ts';
import { invalid } from '#app/services/failures.ts';
import { notifyPostForReview } from '#app/services/notifications/notifications.server.ts';
import { linkTags } from '#app/services/posts/post-tags.server.ts';

export type PostListRow = Pick<
  BlogPostRow,
  'id' | 'title' | 'slug' | 'status' | 'author_id' | 'author_name' | 'publish_date' | 'updated_at' | 'views' | 'language'
> & {
  /** The item's state in each published language (decision 030). */
  translations: Record<Language, TranslationState>;
};

export interface PostForEditor extends Omit<BlogPostRow, 'tags'> {
  tags: string[];
  categoryIds: string[];
}

interface PostState {
  status: string;
  slug: string;
  language: string;
  title: string;
  publish_date: string | null;
  author_id: string | null;
}

async function linkCategories(trx: Kysely<Database>, postId: string, categoryIds: string[]): Promise<void> {
  await trx.deleteFrom('post_categories').where('post_id', '=', postId).execute();
  const ids = [...new Set(categoryIds)];
  if (ids.length)
    await trx
      .insertInto('post_categories')
      .values(ids.map((category_id) => ({ post_id: postId, category_id })))
      .execute();
}

/**
 * Posts in the editorial core: everyone in the admin writes; editors (publish_posts) edit every
 * post, anyone else their own posts that are not live; authors and editors trash and restore;
 * delete_posts deletes for good. A new post's author is the signed-in user.
 */
const postKind: ContentKind<PostForm, PostState> = {
  table: 'blog_posts',
  noun: 'post',
  publicPath: (slug) => `/blog/${slug}`,
  mayWrite: (actor) => hasPermission(actor, 'access_admin'),
  mayTrash: canManagePosts,
  mayDelete: canDeletePost,
  canEdit: canEditPost,
  canTrash: canTrashPost,
  statusesFor: postStatusesFor,
  find: (db, id) =>
    db
      .selectFrom('blog_posts')
      .select(['status', 'slug', 'language', 'author_id', 'title', 'publish_date'])
      .where('id', '=', id)
      .executeTakeFirst(),
  values: (input) => ({
    excerpt: input.excerpt,
    featured_image: input.featuredImage || null,
    featured_image_alt: input.featuredImage ? (input.featuredImageAlt ?? '') : '',
    tags: JSON.stringify(input.tags),
    meta_title: input.metaTitle,
    comments_off: input.commentsOff ? 1 : 0,
  }),
  createValues: (actor) => ({ author_id: actor.id, author_name: actor.name ?? '', views: 0 }),
  async check(db, input) {
    const ids = [...new Set(input.categories)];
    const known = await db.selectFrom('categories').select('id').where('id', 'in', ids).execute();
    return known.length === ids.length ? null : invalid({ categories: 'A chosen category no longer exists. Reload and choose again.' });
  },
  async afterSave(trx, id, input) {
    await linkCategories(trx, id, input.categories);
    await linkTags(trx, id, input.tags);
  },
  async afterTranslate(trx, sourceId, id) {
    const links = await trx.selectFrom('post_categories').select('category_id').where('post_id', '=', sourceId).execute();
    await linkCategories(
      trx,
      id,
      links.map((link) => link.category_id),
    );
    // The translation starts with its source's tags (copied with its row).
    const copy = await trx.selectFrom('blog_posts').select('tags').where('id', '=', id).executeTakeFirst();
    await linkTags(trx, id, parseJson<string[]>(copy?.tags ?? '[]', []));
  },
};

/** A new post; its author is the signed-in user. Contributors and authors may not publish. */
export async function createPost(actor: Actor & { name: string }, input: PostForm) {
  const result = await createItem(postKind, actor, input);
  if (result.ok && input.status === 'review') await tellReviewers(actor, result.id, input.title);
  return result;
}

export async function updatePost(actor: Actor, id: string, input: PostForm & { version: number }) {
  const before = await getDb().selectFrom('blog_posts').select('status').where('id', '=', id).executeTakeFirst();
  const result = await updateItem(postKind, actor, id, input);
  if (result.ok && input.status === 'review' && before?.status !== 'review') await tellReviewers(actor, id, input.title);
  return result;
}

/** A post newly sent for review: those who may publish are notified (a failing notification never fails the save). */
async function tellReviewers(actor: Actor, postId: string, title: string): Promise<void> {
  try {
    await notifyPostForReview({ actor: { id: actor.id, name: actor.name ?? 'Someone' }, postId, title });
  } catch (error) {
    console.error('Could not record the review notification:', error);
  }
}
export const trashPost = (actor: Actor, id: string) => trashItem(postKind, actor, id);
export const restorePost = (actor: Actor, id: string) => restoreItem(postKind, actor, id);
export const deletePost = (actor: Actor, id: string) => deleteItem(postKind, actor, id);
export const setPostStatus = (actor: Actor, id: string, status: BulkStatus) => setItemStatus(postKind, actor, id, status);
export const sharePostDraftLink = (actor: Actor, id: string) => createDraftLink(postKind, actor, id);
export const revokePostDraftLink = (actor: Actor, id: string, linkId: string) => revokeDraftLink(postKind, actor, id, linkId);
export const listPostDraftLinks = (id: string) => listDraftLinks(postKind, id);
export const unschedulePost = (actor: Actor, id: string, version: number) => unscheduleItem(postKind, actor, id, version);
export const translatePost = (actor: Actor, id: string, language: string) => createTranslation(postKind, actor, id, language);
export const confirmPostTranslation = (actor: Actor, id: string) => confirmTranslation(postKind, actor, id);
export const postTranslations = (id: string) => listTranslations(postKind, id);
/** The publishing job's work for posts: scheduled posts whose time has come go live (their author is told). */
export const publishDuePosts = (now?: string) => publishDueItems(postKind, now);

/**
 * The list (everything but the trash) or the trash: title-or-content search, posts having every
 * chosen category, newest change first, one screen at a time; all in the database.
 * A contributor sees only their own posts.
 */
export async function listPosts(
  actor: Actor,
  options: { trash: boolean; search: string; categoryIds: string[]; page: number; status?: string; missing?: string },
): Promise<Paginated<PostListRow>> {
  let query = getDb()
    .selectFrom('blog_posts')
    .where('status', options.trash ? '=' : '<>', 'trash');
  // One row per item (its default-language translation) outside the trash; "missing in French" narrows to the untranslated.
  if (!options.trash) query = query.where(oneRowPerItem('blog_posts'));
  if (!options.trash && isLanguage(options.missing)) query = query.where(missingIn('blog_posts', options.missing));
  const byStatus = options.trash ? null : statusFilter(options.status).condition(nowIso());
  if (byStatus) query = query.where(byStatus);
  if (!seesAllPosts(actor)) query = query.where('author_id', '=', actor.id);
  for (const categoryId of new Set(options.categoryIds)) {
    // A probe per post of the list, walked in its order: a screen stops early instead of gathering the category.
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('post_categories')
          .select(sql`1`.as('one'))
          .whereRef('post_categories.post_id', '=', 'blog_posts.id')
          .where('post_categories.category_id', '=', categoryId),
      ),
    );
  }
  // The newest matches, a bounded number: a word in most posts costs what a rare one does.
  const search = options.search
    ? await boundedSearch('blog_posts', options.search, query, FILTERED_COUNT_CAP + 1, [
        [sql`updated_at`, 'desc'],
        [sql`id`, 'desc'],
      ])
    : null;
  const narrowed = listCondition(search);
  if (narrowed) query = query.where(narrowed);
  let items = query.select([
    'id',
    'title',
    'slug',
    'status',
    'author_id',
    'author_name',
    'publish_date',
    'updated_at',
    'views',
    'language',
    'translation_group',
  ]);
  if (search) items = items.orderBy(search.titleHit, 'desc');
  const ordered = items.orderBy('updated_at', 'desc').orderBy('id', 'desc');
  const screen = await listScreen({
    countQuery: query,
    // A search's screen: its rows alone, read by id (the search put its matches in order).
    itemsQuery: search?.ordered
      ? { limit: (n) => ({ offset: (skip) => ordered.where(screenSlice('blog_posts', search, skip, n)!) }) }
      : ordered,
    page: options.page,
    cap: options.search || options.categoryIds.length ? FILTERED_COUNT_CAP : COUNT_CAP,
    total: search?.count,
  });
  return withTranslationStates('blog_posts', screen);
}

export async function getPost(id: string): Promise<PostForEditor | undefined> {
  const db = getDb();
  const row = await db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const links = await db.selectFrom('post_categories').select('category_id').where('post_id', '=', id).execute();
  return { ...withoutSearchVector(row), tags: parseJson<string[]>(row.tags, []), categoryIds: links.map((link) => link.category_id) };
}
