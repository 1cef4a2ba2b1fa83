import { PostEditor } from '#app/components/admin/post-editor.tsx';
import { postStatusesFor } from '#app/lib/content-permissions.ts';
import { hasPermission } from '#app/lib/permissions.ts';
import { requirePermission } from '#app/http/guard.server.ts';
import { listCategories } from '#app/services/content/categories.server.ts';
import type { Route } from './+types/new';
import { savePostAction } from './save-post.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Create New Post · Admin' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'access_admin');
  return {
    authorName: user.name,
    statuses: postStatusesFor(user),
    categories: await listCategories(),
    canAddCategory: hasPermission(user, 'manage_posts') || hasPermission(user, 'publish_posts'),
  };
}

export const action = ({ request }: Route.ActionArgs) => savePostAction(request, null);

export default function NewPost({ loaderData, actionData }: Route.ComponentProps) {
  return <PostEditor post={null} {...loaderData} lastResult={actionData?.result} conflict={false} />;
}
