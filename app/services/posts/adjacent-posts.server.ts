import { getDb } from '#app/db/client.server.ts';
import { postDate } from '#app/services/posts/public-posts.server.ts';

export interface AdjacentPost {
  title: string;
  slug: string;
}

/**
 * The published posts just before and just after `post` in its language's blog (newest first by publish date, else
 * last modified, then id): `previous` is the older one, `next` the newer, as a blog's "previous post" is. Each is one
 * or two seeks in the language's published index (migration 0152), whatever the number of posts.
 */
export async function adjacentPosts(post: {
  id: string;
  date: string;
  language: string;
}): Promise<{ previous: AdjacentPost | null; next: AdjacentPost | null }> {
  const published = () =>
    getDb().selectFrom('blog_posts').select(['title', 'slug']).where('status', '=', 'published').where('language', '=', post.language);
  // Ties on the date are ordered by id, so each side is first the same date's neighbour, then the nearest other date.
  const [sameDateOlder, sameDateNewer] = await Promise.all([
    published().where(postDate, '=', post.date).where('id', '>', post.id).orderBy('id').limit(1).executeTakeFirst(),
    published().where(postDate, '=', post.date).where('id', '<', post.id).orderBy('id', 'desc').limit(1).executeTakeFirst(),
  ]);
  const [previous, next] = await Promise.all([
    sameDateOlder ?? published().where(postDate, '<', post.date).orderBy(postDate, 'desc').orderBy('id').limit(1).executeTakeFirst(),
    sameDateNewer ?? published().where(postDate, '>', post.date).orderBy(postDate, 'asc').orderBy('id', 'desc').limit(1).executeTakeFirst(),
  ]);
  return { previous: previous ?? null, next: next ?? null };
}
