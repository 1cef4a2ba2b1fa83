import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { formText, readForm } from '#app/http/form.server.ts';
import { pageFormSchema } from '#app/schemas/page.ts';
import { requirePermission } from '#app/http/guard.server.ts';
import { renderMarkdown } from '#app/services/content/markdown.server.ts';
import { createPage, updatePage } from '#app/services/content/pages.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { refusal } from '../content-row-action.server.ts';

export const CONFLICT_MESSAGE = 'changed by someone else since you opened it';

/**
 * The page editor's action, for a new page (id null) or an existing one: a preview request
 * renders the Markdown; a save is checked with the form's own schema, then by the service
 * (permissions, slug rules, version), and returns to the list with the spec's toast.
 */
export async function savePageAction(request: Request, id: string | null) {
  const user = await requirePermission(request, 'manage_pages');
  const form = await readForm(request);
  if (form.get('intent') === 'preview') return { preview: renderMarkdown(formText(form, 'content').slice(0, 200_000)) };

  const submission = parseWithZod(form, { schema: pageFormSchema });
  if (submission.status !== 'success') return data({ result: submission.reply(), conflict: false }, { status: 400 });
  const input = submission.value;
  if (id && !input.version) throw data({ message: 'The form is missing the version it was opened at.' }, { status: 400 });
  const result = id ? await updatePage(user, id, { ...input, version: input.version! }) : await createPage(user, input);
  if (result.ok) {
    return redirectWithToast('/admin/pages', { type: 'success', message: id ? 'Page updated successfully!' : 'Page created successfully!' });
  }
  if (result.reason === 'invalid') {
    return data({ result: submission.reply({ fieldErrors: { [result.field]: [result.message] } }), conflict: false }, { status: 400 });
  }
  if (result.reason === 'conflict') {
    const message = `This page was ${CONFLICT_MESSAGE}. Your changes have not been saved.`;
    return data({ result: submission.reply({ formErrors: [message] }), conflict: true }, { status: 409 });
  }
  return refusal(result, 'page');
}
