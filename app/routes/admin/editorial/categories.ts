import { data } from 'react-router';

import { throwFailure } from '#app/http/failure.server.ts';
import { readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { categoryNameSchema } from '#app/schemas/post.ts';
import { addCategory } from '#app/services/posts/categories.server.ts';

import type { Route } from './+types/categories';

/** The post editor's "add new category" (answers the fetcher; the editor shows the toast). */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'blog');
  const parsed = categoryNameSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ error: parsed.error.issues[0]!.message, category: null }, { status: 400 });
  const result = await addCategory(user, parsed.data.name);
  if (result.ok) return { error: null, category: result.category };
  if (result.reason === 'invalid')
    return data({ error: Object.values(result.fieldErrors).flat()[0] ?? 'Check the name.', category: null }, { status: 400 });
  throwFailure(result);
}
