import { data } from 'react-router';
import { formText, readForm } from '#app/http/form.server.ts';
import { incrementPostViews } from '#app/services/posts/public-posts.server.ts';
import type { Route } from './+types/post-view';

/** POST /blog/{slug}/view with the post id: counts one view of a published post (spec 4). */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const id = formText(form, 'id');
  const views = id ? await incrementPostViews(id) : null;
  if (views === null) return data({ views: null }, { status: 404 });
  return data({ views }, { headers: { 'Cache-Control': 'no-store' } });
}

export function loader() {
  throw data({ message: 'Not found' }, { status: 404 });
}
