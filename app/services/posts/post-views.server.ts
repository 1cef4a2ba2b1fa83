import { writeTransaction } from '#app/db/transaction.server.ts';
import { dayOf, isFirstViewToday, type Visitor } from '#app/services/analytics/daily-visitors.server.ts';

export type ViewOutcome = { views: number; counted: boolean } | null;

/**
 * Counts one view of the published article at `/blog/{slug}` whose id is `postId` (both must name it: a view posted
 * to another article's address, or to an address naming none, is not counted), at most once per visitor (address,
 * IPv6 by /64, and browser) per article per UTC day, never for known robots (isFirstViewToday). Answers the article's
 * count, or null when no published article has this slug and id. The "seen today" row and the increment are one
 * transaction.
 */
export async function countPostView(slug: string, postId: string, visitor: Visitor, now = new Date()): Promise<ViewOutcome> {
  return writeTransaction(async (trx) => {
    const post = await trx
      .selectFrom('blog_posts')
      .select('views')
      .where('id', '=', postId)
      .where('slug', '=', slug)
      .where('status', '=', 'published')
      .executeTakeFirst();
    if (!post) return null;
    if (!(await isFirstViewToday(trx, `post:${postId}`, visitor, dayOf(now)))) return { views: Number(post.views), counted: false };
    await trx
      .updateTable('blog_posts')
      .set((eb) => ({ views: eb('views', '+', 1) }))
      .where('id', '=', postId)
      .execute();
    return { views: Number(post.views) + 1, counted: true };
  });
}
