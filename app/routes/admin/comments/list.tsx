import { data, Link } from 'react-router';

import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { TAB_LABELS } from '#app/components/admin/comments/comment-actions.ts';
import { CommentModerationList } from '#app/components/admin/comments/comment-moderation-list.tsx';
import { PrivacyRequests } from '#app/components/admin/comments/privacy-requests.tsx';
import { ListFilters } from '#app/components/admin/list-filters.tsx';
import { Pagination } from '#app/components/admin/pagination.tsx';
import { inputClass } from '#app/components/ui/buttons.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { COMMENT_STATUSES, commentFilterSchema } from '#app/schemas/comment.ts';
import { commentStatusCounts, listCommentsForModeration, postsWithComments } from '#app/services/comments/comment-queries.server.ts';

import type { Route } from './+types/list';
import { handleCommentAction } from './comment-action.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Comments · Admin' }];

function readFilter(request: Request) {
  const parsed = commentFilterSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw data({ message: parsed.error.issues[0]?.message ?? 'Invalid filter.' }, { status: 400 });
  return parsed.data;
}

/** Visitors' comments by moderation state (with counts), searched by author, e-mail or words, filtered by article. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, 'comments');
  const filter = readFilter(request);
  const [list, counts, posts] = await Promise.all([
    listCommentsForModeration({ status: filter.status, q: filter.q, postId: filter.post, page: filter.page, id: filter.comment }),
    commentStatusCounts(),
    postsWithComments(),
  ]);
  // One comment (a notification's link) is shown in the tab it is in now.
  const status = filter.comment ? (list.items[0]?.status ?? filter.status) : filter.status;
  return { filter: { ...filter, status }, list, counts, posts, now: Date.now() };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'comments');
  const url = new URL(request.url);
  url.searchParams.delete('comment');
  return handleCommentAction(request, user, `${url.pathname}${url.search}`);
}

export default function Comments({ loaderData: { filter, list, counts, posts, now } }: Route.ComponentProps) {
  const tabHref = (status: string) => (status === 'pending' ? '/admin/comments' : `/admin/comments?status=${status}`);
  return (
    <AdminPage title="Comments" subtitle="Visitors' comments on blog posts: approve, answer or remove them.">
      <nav aria-label="Comment states" className="flex gap-1 overflow-x-auto border-b border-gray-200">
        {COMMENT_STATUSES.map((status) => {
          const current = !filter.comment && status === filter.status;
          return (
            <Link
              key={status}
              to={tabHref(status)}
              aria-current={current ? 'page' : undefined}
              className={`-mb-px shrink-0 border-b-2 px-4 py-2 text-sm font-medium ${current ? 'border-blue-700 text-blue-800' : 'border-transparent text-gray-700 hover:text-gray-900'}`}
            >
              {TAB_LABELS[status]} <span className="text-gray-600">({counts[status]})</span>
            </Link>
          );
        })}
      </nav>
      <ListFilters search={filter.q} placeholder="Search author, e-mail or text..." label="Search comments">
        {filter.status !== 'pending' ? <input type="hidden" name="status" value={filter.status} /> : null}
        <label htmlFor="comment-post" className="sr-only">
          Article
        </label>
        <select id="comment-post" name="post" defaultValue={filter.post} className={`${inputClass} w-auto max-w-xs`}>
          <option value="">All articles</option>
          {posts.map((post) => (
            <option key={post.id} value={post.id}>
              {post.title}
            </option>
          ))}
        </select>
      </ListFilters>
      <CommentModerationList
        key={`${filter.status} ${filter.q} ${filter.post} ${filter.comment ?? ''} ${list.page}`}
        status={filter.status}
        comments={list.items}
        now={now}
        searched={!!filter.q || !!filter.post}
      />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} more={list.more} noun="comment" />
      <PrivacyRequests />
    </AdminPage>
  );
}
