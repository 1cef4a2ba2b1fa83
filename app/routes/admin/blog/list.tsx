import { Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { primaryButton, rowAction, secondaryButton } from '#app/components/ui/buttons.ts';
import { CategoryFilter } from '#app/components/admin/category-filter.tsx';
import { DataTable } from '#app/components/admin/data-table.tsx';
import { ListFilters } from '#app/components/admin/list-filters.tsx';
import { Pagination } from '#app/components/admin/pagination.tsx';
import { postColumns } from '#app/components/admin/post-columns.tsx';
import { RowActionButton } from '#app/components/admin/row-actions.tsx';
import { requirePermission } from '#app/http/guard.server.ts';
import { trashPost } from '#app/services/content/posts.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { backToList, readRowAction, refusal } from '../content-row-action.server.ts';
import type { Route } from './+types/list';
import { loadPostList } from './list-data.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Blog · Admin' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'access_admin');
  return loadPostList(user, request, false);
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, 'access_admin');
  const { intent, id } = await readRowAction(request);
  if (intent !== 'trash') refusal({ ok: false, reason: 'not-found' }, 'post');
  const result = await trashPost(user, id);
  if (!result.ok) refusal(result, 'post');
  return redirectWithToast(backToList(request), { type: 'success', message: 'Post moved to trash' });
}

export default function PostsList({ loaderData: { posts, categories, search, selected } }: Route.ComponentProps) {
  const filtered = search || selected.length;
  return (
    <AdminPage
      title="Blog Posts"
      subtitle="Write, edit and publish the articles of your blog."
      actions={
        <>
          <Link to="/admin/blog/trash" className={secondaryButton}>
            <Trash2 className="size-4" aria-hidden />
            View Trash
          </Link>
          <Link to="/admin/blog/new" className={primaryButton}>
            <Plus className="size-4" aria-hidden />
            Create New Post
          </Link>
        </>
      }
    >
      <ListFilters search={search} placeholder="Search posts..." label="Search posts">
        <CategoryFilter categories={categories} selected={selected} />
      </ListFilters>
      <DataTable
        caption="Blog posts"
        rows={posts.items}
        empty={filtered ? 'No posts match this search.' : 'No posts yet.'}
        columns={[
          ...postColumns<(typeof posts.items)[number]>(),
          {
            header: 'Actions',
            className: 'text-right whitespace-nowrap',
            cell: (post) => (
              <>
                {post.canEdit ? (
                  <Link to={`/admin/blog/${post.id}`} className={`${rowAction} text-blue-800`} aria-label={`Edit: ${post.title}`}>
                    Edit
                  </Link>
                ) : null}
                {post.canTrash ? <RowActionButton intent="trash" id={post.id} label="Delete" itemTitle={post.title} className="text-red-700" /> : null}
              </>
            ),
          },
        ]}
      />
      <Pagination page={posts.page} pageCount={posts.pageCount} total={posts.total} more={posts.more} noun="post" />
    </AdminPage>
  );
}
