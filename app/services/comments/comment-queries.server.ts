import { getDb } from '#app/db/client.server.ts';
import { containsText } from '#app/db/text-search.ts';
import type { Paginated } from '#app/lib/paginated.ts';
import { COMMENT_STATUSES, type CommentStatus } from '#app/schemas/comment.ts';
import { COUNT_CAP, FILTERED_COUNT_CAP, listScreen } from '#app/services/content/pagination.server.ts';

/** An approved comment as the public article shows it: never the e-mail, nor the address. */
export interface PublicComment {
  id: string;
  authorName: string;
  authorUrl: string;
  body: string;
  createdAt: string;
  staff: boolean;
  replies: PublicComment[];
}

/** The approved comments of a post, oldest first, each top-level one with its replies (oldest first). */
export async function listApprovedComments(postId: string): Promise<PublicComment[]> {
  const rows = await getDb()
    .selectFrom('comments')
    .select(['id', 'parent_id', 'author_name', 'author_url', 'body', 'created_at', 'staff_user_id'])
    .where('post_id', '=', postId)
    .where('status', '=', 'approved')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1000)
    .execute();
  const byId = new Map<string, PublicComment>();
  const top: PublicComment[] = [];
  for (const row of rows) {
    const comment: PublicComment = {
      id: row.id,
      authorName: row.author_name,
      authorUrl: row.author_url,
      body: row.body,
      createdAt: row.created_at,
      staff: row.staff_user_id !== null,
      replies: [],
    };
    byId.set(row.id, comment);
  }
  for (const row of rows) {
    const comment = byId.get(row.id)!;
    const parent = row.parent_id ? byId.get(row.parent_id) : undefined;
    // A reply whose comment is not (or no longer) approved is not shown apart from its thread.
    if (parent) parent.replies.push(comment);
    else if (!row.parent_id) top.push(comment);
  }
  return top;
}

/** Approved comments per post (the blog cards' and the article header's count). */
export async function approvedCommentCounts(postIds: readonly string[]): Promise<Record<string, number>> {
  if (postIds.length === 0) return {};
  const rows = await getDb()
    .selectFrom('comments')
    .select(['post_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('post_id', 'in', [...postIds])
    .where('status', '=', 'approved')
    .groupBy('post_id')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.post_id, Number(row.count)]));
}

/** Comments in each moderation state (the admin's tab counts). */
export async function commentStatusCounts(): Promise<Record<CommentStatus, number>> {
  const rows = await getDb()
    .selectFrom('comments')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(COMMENT_STATUSES.map((status) => [status, 0])) as Record<CommentStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** Comments waiting for approval: the sidebar's badge. */
export async function countPendingComments(): Promise<number> {
  return (await commentStatusCounts()).pending;
}

/** Comments received (neither spam nor trash, staff replies aside) in the last `hours` and in the span before: the dashboard's card. */
export async function commentTotals(hours: number, now = Date.now()): Promise<{ current: number; previous: number }> {
  const span = hours * 3600_000;
  const at = (time: number) => new Date(time).toISOString();
  const [current, previous] = await Promise.all([
    countCommentsBetween(at(now - span), at(now + 1)),
    countCommentsBetween(at(now - 2 * span), at(now - span)),
  ]);
  return { current, previous };
}

async function countCommentsBetween(from: string, to: string): Promise<number> {
  const row = await getDb()
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', 'in', ['approved', 'pending'])
    .where('staff_user_id', 'is', null)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** One row of /admin/comments: the comment, its author (with e-mail and address hash), its article and date. */
export interface AdminComment {
  id: string;
  body: string;
  authorName: string;
  authorEmail: string;
  authorUrl: string;
  addressHash: string;
  status: CommentStatus;
  spamReason: string;
  staff: boolean;
  postId: string;
  postTitle: string;
  postSlug: string;
  /** The comment it replies to: who wrote it. */
  inReplyTo: string | null;
  createdAt: string;
}

export interface AdminCommentFilter {
  status: CommentStatus;
  q: string;
  postId: string;
  page: number;
  /** One comment (a notification's link). */
  id?: string;
}

function filtered(filter: AdminCommentFilter) {
  const query = getDb().selectFrom('comments');
  if (filter.id) return query.where('comments.id', '=', filter.id);
  const term = filter.q.trim().slice(0, 100);
  return query
    .where('comments.status', '=', filter.status)
    .$if(!!filter.postId, (q) => q.where('comments.post_id', '=', filter.postId))
    .$if(!!term, (q) =>
      q.where((eb) =>
        eb.or([
          containsText('comments.author_name', term),
          containsText('comments.author_email', term),
          containsText('comments.body', term),
        ]),
      ),
    );
}

/** One screen of a moderation tab, newest first, searched by author, e-mail or words, filtered by article. */
export async function listCommentsForModeration(filter: AdminCommentFilter): Promise<Paginated<AdminComment>> {
  const base = filtered(filter);
  const screen = await listScreen({
    countQuery: base,
    itemsQuery: base
      .innerJoin('blog_posts as p', 'p.id', 'comments.post_id')
      .leftJoin('comments as parent', 'parent.id', 'comments.parent_id')
      .select([
        'comments.id',
        'comments.body',
        'comments.author_name',
        'comments.author_email',
        'comments.author_url',
        'comments.ip_hash',
        'comments.status',
        'comments.spam_reason',
        'comments.staff_user_id',
        'comments.post_id',
        'comments.created_at',
        'p.title',
        'p.slug',
        'parent.author_name as parent_author',
      ])
      .orderBy('comments.created_at', 'desc')
      .orderBy('comments.id', 'desc'),
    page: filter.page,
    cap: filter.q || filter.postId ? FILTERED_COUNT_CAP : COUNT_CAP,
  });
  return {
    ...screen,
    items: screen.items.map((row) => ({
      id: row.id,
      body: row.body,
      authorName: row.author_name,
      authorEmail: row.author_email,
      authorUrl: row.author_url,
      addressHash: row.ip_hash,
      status: row.status,
      spamReason: row.spam_reason,
      staff: row.staff_user_id !== null,
      postId: row.post_id,
      postTitle: row.title,
      postSlug: row.slug,
      inReplyTo: row.parent_author ?? null,
      createdAt: row.created_at,
    })),
  };
}

/** The posts that have comments, for the article filter. */
export async function postsWithComments(): Promise<{ id: string; title: string }[]> {
  return getDb()
    .selectFrom('blog_posts as p')
    .select(['p.id', 'p.title'])
    .where((eb) => eb.exists(eb.selectFrom('comments').select('comments.id').whereRef('comments.post_id', '=', 'p.id')))
    .orderBy('p.title')
    .limit(500)
    .execute();
}
