import { data } from 'react-router';
import { PostEditor } from '#app/components/admin/post-editor.tsx';
import { canEditPost, postStatusesFor } from '#app/lib/content-permissions.ts';
import { hasPermission } from '#app/lib/permissions.ts';
import { requirePermission } from '#app/http/guard.server.ts';
import { listCategories } from '#app/services/content/categories.server.ts';
import { getPost } from '#app/services/content/posts.server.ts';
import type { Route } from './+types/edit';
import { savePostAction } from './save-post.server.ts';

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.post.title ?? 'Edit Post'} · Admin` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'access_admin');
  const post = await getPost(params.id);
  if (!post) throw data({ message: 'This post does not exist.' }, { status: 404 });
  if (!canEditPost(user, post)) throw data({ message: 'You may not edit this post.' }, { status: 403 });
  // The editor opens a trashed post as a draft (spec 4).
  const status = post.status === 'trash' ? ('draft' as const) : post.status;
  return {
    post: { ...post, status },
    authorName: user.name,
    statuses: postStatusesFor(user),
    categories: await listCategories(),
    canAddCategory: hasPermission(user, 'manage_posts') || hasPermission(user, 'publish_posts'),
  };
}

export const action = ({ request, params }: Route.ActionArgs) => savePostAction(request, params.id);

export default function EditPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post, ...rest } = loaderData;
  // A new version (after "Reload the latest version") starts a fresh form.
  return <PostEditor key={`${post.id}-${post.version}`} post={post} {...rest} lastResult={actionData?.result} conflict={actionData?.conflict ?? false} />;
}
