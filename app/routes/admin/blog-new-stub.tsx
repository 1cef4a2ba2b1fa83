import { AdminPage } from '#app/components/admin/admin-page.tsx';
import { FeaturedImageField } from '#app/components/admin/featured-image-field.tsx';
import { requirePermission } from '#app/services/auth/guard.server.ts';
import type { Route } from './+types/blog-new-stub';

/**
 * Stand-in for the blog post editor, which is built separately: it shows the
 * Featured Image field where the editor will, so the media picker is tested in
 * place. Remove this route when the real editor takes /admin/blog/new.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'manage_posts');
  return {};
}

export default function BlogNewStub() {
  return (
    <AdminPage title="Create New Post" subtitle="The full post editor is coming soon.">
      <form className="max-w-2xl space-y-4 rounded-lg border border-gray-200 bg-white p-6" onSubmit={(event) => event.preventDefault()}>
        <FeaturedImageField name="featuredImage" defaultValue={null} />
      </form>
    </AdminPage>
  );
}
