import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { readForm } from '#app/http/form.server.ts';
import { postFormSchema } from '#app/schemas/post.ts';
import { requirePermission } from '#app/http/guard.server.ts';
import { createPost, updatePost } from '#app/services/content/posts.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { refusal } from '../content-row-action.server.ts';
import { CONFLICT_MESSAGE } from '../pages/save-page.server.ts';

/**
 * The post editor's action, for a new post (id null) or an existing one: checked with the
 * form's own schema, then by the service (who may publish or edit, slug, categories, version).
 */
export async function savePostAction(request: Request, id: string | null) {
  const user = await requirePermission(request, 'access_admin');
  const submission = parseWithZod(await readForm(request), { schema: postFormSchema });
  if (submission.status !== 'success') return data({ result: submission.reply(), conflict: false }, { status: 400 });
  const input = submission.value;
  if (id && !input.version) throw data({ message: 'The form is missing the version it was opened at.' }, { status: 400 });
  const result = id ? await updatePost(user, id, { ...input, version: input.version! }) : await createPost(user, input);
  if (result.ok) {
    return redirectWithToast('/admin/blog', { type: 'success', message: id ? 'Post updated successfully!' : 'Post created successfully!' });
  }
  if (result.reason === 'invalid') {
    return data({ result: submission.reply({ fieldErrors: { [result.field]: [result.message] } }), conflict: false }, { status: 400 });
  }
  if (result.reason === 'conflict') {
    const message = `This post was ${CONFLICT_MESSAGE}. Your changes have not been saved.`;
    return data({ result: submission.reply({ formErrors: [message] }), conflict: true }, { status: 409 });
  }
  return refusal(result, 'post');
}
