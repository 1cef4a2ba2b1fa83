import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { secondaryButton } from '#app/components/ui/buttons.ts';
import { CategoryFilter } from '#app/components/admin/category-filter.tsx';
import { DataTable } from '#app/components/admin/data-table.tsx';
import { ListFilters } from '#app/components/admin/list-filters.tsx';
import { Pagination } from '#app/components/admin/pagination.tsx';
import { postColumns } from '#app/components/admin/post-columns.tsx';
import { RowActionButton } from '#app/components/admin/row-actions.tsx';
import { requirePermission } from '#app/http/guard.server.ts';
import { deletePost, restorePost } from '#app/services/content/posts.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { backToList, readRowAction, refusal } from '../content-row-action.server.ts';
import type { Route } from './+types/trash';
import { loadPostList } from './list-data.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Trash · Blog · Admin' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'access_admin');
  return loadPostList(user, request, true);
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, 'access_admin');
  const { intent, id } = await readRowAction(request);
  if (intent === 'restore') {
    const result = await restorePost(user, id);
    if (!result.ok) refusal(result, 'post');
    const message = result.renamed ? `Post restored as a draft at /blog/${result.slug}` : 'Post restored as a draft';
    return redirectWithToast(backToList(request), { type: 'success', message });
  }
  if (intent === 'delete') {
    const result = await deletePost(user, id);
    if (!result.ok) refusal(result, 'post');
    return redirectWithToast(backToList(request), { type: 'success', message: 'Post permanently deleted' });
  }
  refusal({ ok: false, reason: 'not-found' }, 'post');
}

export default function PostsTrash({ loaderData: { posts, categories, search, selected } }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Trash"
      subtitle="Manage deleted posts. Posts can be restored or permanently deleted."
      actions={
        <Link to="/admin/blog" className={secondaryButton}>
          <ArrowLeft className="size-4" aria-hidden />
          Back to Posts
        </Link>
      }
    >
      <ListFilters search={search} placeholder="Search posts..." label="Search posts">
        <CategoryFilter categories={categories} selected={selected} />
      </ListFilters>
      <DataTable
        caption="Blog posts in the trash"
        rows={posts.items}
        empty={search || selected.length ? 'No posts in the trash match this search.' : 'The trash is empty.'}
        columns={[
          ...postColumns<(typeof posts.items)[number]>(),
          {
            header: 'Actions',
            className: 'text-right whitespace-nowrap',
            cell: (post) => (
              <>
                {post.canTrash ? <RowActionButton intent="restore" id={post.id} label="Restore" itemTitle={post.title} className="text-blue-800" /> : null}
                {post.canDelete ? (
                  <RowActionButton
                    intent="delete"
                    id={post.id}
                    label="Delete Permanently"
                    itemTitle={post.title}
                    className="text-red-700"
                    confirm={{
                      title: 'Delete Permanently',
                      message: 'Are you sure you want to permanently delete this post? This action cannot be undone.',
                    }}
                  />
                ) : null}
              </>
            ),
          },
        ]}
      />
      <Pagination page={posts.page} pageCount={posts.pageCount} total={posts.total} more={posts.more} noun="post" />
    </AdminPage>
  );
}
