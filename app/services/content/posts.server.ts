import { type Kysely, sql } from 'kysely';
import { getDb } from '#app/db/client.server.ts';
import type { BlogPostRow, Database } from '#app/db/schema.ts';
import { writeTransaction } from '#app/db/transaction.server.ts';
import { type Actor, canDeletePost, canEditPost, canTrashPost, postStatusesFor, seesAllPosts } from '#app/lib/content-permissions.ts';
import { newId, nowIso } from '#app/lib/ids.ts';
import { parseJson } from '#app/lib/json.ts';
import { fromDateTimeLocal } from '#app/schemas/content-fields.ts';
import type { PostForm } from '#app/schemas/post.ts';
import { COUNT_CAP, countUpTo, FILTERED_COUNT_CAP, type Paginated, PAGE_SIZE, pageCountFor } from './pagination.ts';
import { postSearchCondition } from './post-search.server.ts';
import { CONFLICT, FORBIDDEN, NOT_FOUND, type WriteResult } from './results.ts';
import { freeSlug, slugInUse, slugTakenMessage } from './slugs.server.ts';
import { isUniqueViolation } from './unique-violation.server.ts';
import { invalidatePublicCache } from '#app/services/cache/html-cache.server.ts';

export type PostSummary = Pick<BlogPostRow, 'id' | 'title' | 'slug' | 'status' | 'author_id' | 'author_name' | 'publish_date' | 'updated_at' | 'views'>;

export interface PostForEditor extends Omit<BlogPostRow, 'tags'> {
  tags: string[];
  categoryIds: string[];
}

/**
 * The list (everything but the trash) or the trash: title-or-content search, posts having every
 * chosen category, newest change first, one screen at a time; all in the database.
 * A contributor sees only their own posts.
 */
export async function listPosts(
  actor: Actor,
  options: { trash: boolean; search: string; categoryIds: string[]; page: number },
): Promise<Paginated<PostSummary>> {
  const db = getDb();
  let query = db.selectFrom('blog_posts').where('status', options.trash ? '=' : '<>', 'trash');
  if (!seesAllPosts(actor)) query = query.where('author_id', '=', actor.id);
  for (const categoryId of new Set(options.categoryIds)) {
    query = query.where('id', 'in', (eb) => eb.selectFrom('post_categories').select('post_id').where('category_id', '=', categoryId));
  }
  const narrowed = options.categoryIds.length > 0 || !seesAllPosts(actor);
  const search = options.search ? await postSearchCondition(options.search, { narrowed }) : null;
  const cap = options.search || options.categoryIds.length ? FILTERED_COUNT_CAP : COUNT_CAP;
  const total = await countUpTo((search ? query.where(search.forCount) : query).select(sql<number>`1`.as('one')), cap + 1);
  const pageCount = pageCountFor(Math.min(total, cap));
  const page = Math.min(options.page, pageCount);
  const items = await (search ? query.where(search.forItems) : query)
    .select(['id', 'title', 'slug', 'status', 'author_id', 'author_name', 'publish_date', 'updated_at', 'views'])
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  return { items, total: Math.min(total, cap), more: total > cap, page, pageCount };
}

export async function getPost(id: string): Promise<PostForEditor | undefined> {
  const db = getDb();
  const row = await db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const links = await db.selectFrom('post_categories').select('category_id').where('post_id', '=', id).execute();
  return { ...row, tags: parseJson<string[]>(row.tags, []), categoryIds: links.map((link) => link.category_id) };
}

function postValues(input: PostForm, now: string) {
  return {
    title: input.title,
    slug: input.slug,
    content: input.content,
    excerpt: input.excerpt,
    status: input.status,
    featured_image: input.featuredImage || null,
    tags: JSON.stringify(input.tags),
    meta_title: input.metaTitle,
    meta_description: input.metaDescription,
    meta_keywords: input.metaKeywords,
    // A published post always has a date; any other status has none.
    publish_date: input.status === 'published' ? (input.publishDate ? fromDateTimeLocal(input.publishDate) : now) : null,
    updated_at: now,
  };
}

async function checkPostInput(actor: Actor, input: PostForm, exceptId?: string): Promise<WriteResult<object>> {
  if (!postStatusesFor(actor).includes(input.status)) return FORBIDDEN;
  const db = getDb();
  if (await slugInUse(db, 'blog_posts', input.slug, exceptId)) {
    return { ok: false, reason: 'invalid', field: 'slug', message: slugTakenMessage('post', input.slug) };
  }
  const ids = [...new Set(input.categories)];
  const known = await db.selectFrom('categories').select('id').where('id', 'in', ids).execute();
  if (known.length !== ids.length) {
    return { ok: false, reason: 'invalid', field: 'categories', message: 'A chosen category no longer exists. Reload and choose again.' };
  }
  return { ok: true };
}

async function linkCategories(trx: Kysely<Database>, postId: string, categoryIds: string[]): Promise<void> {
  await trx.deleteFrom('post_categories').where('post_id', '=', postId).execute();
  const ids = [...new Set(categoryIds)];
  if (ids.length) await trx.insertInto('post_categories').values(ids.map((category_id) => ({ post_id: postId, category_id }))).execute();
}

const slugRace = (input: PostForm) => ({ ok: false, reason: 'invalid', field: 'slug', message: slugTakenMessage('post', input.slug) }) as const;

/** A new post; its author is the signed-in user. Contributors and authors may not publish. */
export async function createPost(actor: Actor & { name: string }, input: PostForm): Promise<WriteResult> {
  const checked = await checkPostInput(actor, input);
  if (!checked.ok) return checked;
  const now = nowIso();
  const id = newId();
  try {
    await writeTransaction(async (trx) => {
      await trx
        .insertInto('blog_posts')
        .values({ id, ...postValues(input, now), author_id: actor.id, author_name: actor.name, views: 0, version: 1, created_at: now })
        .execute();
      await linkCategories(trx, id, input.categories);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return slugRace(input);
    throw error;
  }
  invalidatePublicCache();
  return { ok: true, id };
}

/**
 * Saves an edit made on `input.version`; the UPDATE itself checks the version, so a save based
 * on an older version is refused (conflict), never applied over someone else's work.
 */
export async function updatePost(actor: Actor, id: string, input: PostForm & { version: number }): Promise<WriteResult> {
  const current = await getDb().selectFrom('blog_posts').select(['author_id', 'status']).where('id', '=', id).executeTakeFirst();
  if (!current) return NOT_FOUND;
  if (!canEditPost(actor, current)) return FORBIDDEN;
  const checked = await checkPostInput(actor, input, id);
  if (!checked.ok) return checked;
  try {
    const saved = await writeTransaction(async (trx) => {
      const result = await trx
        .updateTable('blog_posts')
        .set({ ...postValues(input, nowIso()), version: sql<number>`version + 1` })
        .where('id', '=', id)
        .where('version', '=', input.version)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await linkCategories(trx, id, input.categories);
      return true;
    });
    if (!saved) return (await getPost(id)) ? CONFLICT : NOT_FOUND;
  } catch (error) {
    if (isUniqueViolation(error)) return slugRace(input);
    throw error;
  }
  invalidatePublicCache();
  return { ok: true, id };
}

export async function trashPost(actor: Actor, id: string): Promise<WriteResult> {
  const current = await getDb().selectFrom('blog_posts').select(['author_id', 'status']).where('id', '=', id).executeTakeFirst();
  if (!current || current.status === 'trash') return NOT_FOUND;
  if (!canTrashPost(actor, current)) return FORBIDDEN;
  await getDb()
    .updateTable('blog_posts')
    .set({ status: 'trash', updated_at: nowIso(), version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('status', '<>', 'trash')
    .execute();
  invalidatePublicCache();
  return { ok: true, id };
}

/** Restores a post from the trash as a draft; if a live post took its slug meanwhile it gets `slug-2`. */
export async function restorePost(actor: Actor, id: string): Promise<WriteResult<{ id: string; slug: string; renamed: boolean }>> {
  const result: WriteResult<{ id: string; slug: string; renamed: boolean }> = await writeTransaction(async (trx) => {
    const current = await trx.selectFrom('blog_posts').select(['author_id', 'status', 'slug']).where('id', '=', id).executeTakeFirst();
    if (!current || current.status !== 'trash') return NOT_FOUND;
    if (!canTrashPost(actor, current)) return FORBIDDEN;
    const slug = await freeSlug(trx, 'blog_posts', current.slug, id);
    await trx
      .updateTable('blog_posts')
      .set({ status: 'draft', slug, publish_date: null, updated_at: nowIso(), version: sql<number>`version + 1` })
      .where('id', '=', id)
      .execute();
    return { ok: true, id, slug, renamed: slug !== current.slug };
  });
  // After the commit, so no visitor's render can cache the old version under the new generation.
  if (result.ok) invalidatePublicCache();
  return result;
}

/** Deletes a post for good; only from the trash, only with delete_posts. */
export async function deletePost(actor: Actor, id: string): Promise<WriteResult> {
  if (!canDeletePost(actor)) return FORBIDDEN;
  const result = await getDb().deleteFrom('blog_posts').where('id', '=', id).where('status', '=', 'trash').executeTakeFirst();
  if (!Number(result.numDeletedRows)) return NOT_FOUND;
  invalidatePublicCache();
  return { ok: true, id };
}
