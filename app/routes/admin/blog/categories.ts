import { data } from 'react-router';
import { readForm } from '#app/http/form.server.ts';
import { categoryNameSchema } from '#app/schemas/post.ts';
import { requirePermission } from '#app/http/guard.server.ts';
import { addCategory } from '#app/services/content/categories.server.ts';
import { refusal } from '../content-row-action.server.ts';
import type { Route } from './+types/categories';

/** The post editor's "add new category" (answers the fetcher; the editor shows the toast). */
export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, 'access_admin');
  const parsed = categoryNameSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ error: parsed.error.issues[0]!.message, category: null }, { status: 400 });
  const result = await addCategory(user, parsed.data.name);
  if (result.ok) return { error: null, category: result.category };
  if (result.reason === 'invalid') return data({ error: result.message, category: null }, { status: 400 });
  return refusal(result, 'post');
}
