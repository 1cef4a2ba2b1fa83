import { data } from 'react-router';

import { type ActionReply, failureStatus, replyRowFailure } from '#app/http/failure.server.ts';
import { readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { categoryNameSchema, categoryTranslationSchema } from '#app/schemas/post.ts';
import { addCategory, type Category, nameCategory } from '#app/services/posts/categories.server.ts';

import type { Route } from './+types/categories';

/**
 * The post editor's "add new category" and a category's name in another language (`intent=name-category`; answers
 * the fetcher; the editor shows the toast).
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'blog');
  const form = Object.fromEntries(await readForm(request));
  if (form.intent === 'name-category') {
    const named = categoryTranslationSchema.safeParse(form);
    if (!named.success) return replyRowFailure(named.error.issues[0]!.message, { intent: 'name-category' });
    const result = await nameCategory(user, named.data);
    if (result.ok)
      return data<ActionReply & { category: Category }>({
        result: { status: 'success' },
        intent: 'name-category',
        category: result.category,
      });
    const message = result.reason === 'invalid' ? (Object.values(result.fieldErrors).flat()[0] ?? 'Check the name.') : result;
    return replyRowFailure(message, { intent: 'name-category', status: failureStatus(result) });
  }
  const parsed = categoryNameSchema.safeParse(form);
  if (!parsed.success) return replyRowFailure(parsed.error.issues[0]!.message, { intent: 'add-category' });
  const result = await addCategory(user, parsed.data.name);
  if (result.ok)
    return data<ActionReply & { category: Category }>({ result: { status: 'success' }, intent: 'add-category', category: result.category });
  const message = result.reason === 'invalid' ? (Object.values(result.fieldErrors).flat()[0] ?? 'Check the name.') : result;
  return replyRowFailure(message, { intent: 'add-category', status: failureStatus(result) });
}
