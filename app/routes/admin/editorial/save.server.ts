import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { z } from 'zod';

import { replyInvalid, replyWithFailure } from '#app/http/failure.server.ts';
import { formText, readForm } from '#app/http/form.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { type ContentScreens, SAVE_AND_STAY_FIELD } from '#app/lib/content-screens.ts';
import type { SessionUser } from '#app/services/auth/session-user.ts';
import { renderMarkdown } from '#app/services/content/markdown.server.ts';
import type { Result } from '#app/services/failures.ts';
import { discardAutosave } from '#app/services/revisions/autosave.server.ts';

import { EDITORIAL_ROUTES } from './kinds.server.ts';

interface Writer<Input> {
  screens: ContentScreens;
  schema: z.ZodType<Input>;
  create(user: SessionUser, input: Input): Promise<Result<{ id: string }>>;
  update(user: SessionUser, id: string, input: Input & { version: number }): Promise<Result<{ id: string }>>;
}

/**
 * The editors' one action, for a new item (id null) or an existing one: a preview request renders
 * the Markdown; a save is checked with the kind's own schema, then by the service (permissions,
 * slug rules, categories, version), and returns to the list with the kind's toast (to the editor for Ctrl/Cmd+S).
 */
async function save<Input extends { version?: number | undefined }>(
  writer: Writer<Input>,
  user: SessionUser,
  request: Request,
  id: string | null,
) {
  const form = await readForm(request);
  if (form.get('intent') === 'preview') return { preview: renderMarkdown(formText(form, 'content').slice(0, 200_000)) };

  const submission = parseWithZod(form, { schema: writer.schema });
  if (submission.status !== 'success') return replyInvalid(submission);
  const input = submission.value;
  if (id && !input.version) throw data({ message: 'The form is missing the version it was opened at.' }, { status: 400 });
  const result = id ? await writer.update(user, id, { ...input, version: input.version! }) : await writer.create(user, input);
  if (!result.ok) return replyWithFailure(submission, result);
  const { listPath, toasts } = writer.screens;
  // A new item's autosave (its key in the address) has become the item: it leaves the list's Drafts.
  const draft = new URL(request.url).searchParams.get('draft');
  if (!id && draft) await discardAutosave(user, writer.screens.kind, draft);
  // Save Changes returns to the list (the spec); Ctrl/Cmd+S stays in the editor, on the saved item.
  const stay = form.get(SAVE_AND_STAY_FIELD) === '1';
  return redirectWithToast(stay ? `${listPath}/${result.id}` : listPath, {
    type: 'success',
    message: id ? toasts.updated : toasts.created,
  });
}

export function saveContentAction(user: SessionUser, request: Request, kind: 'page' | 'post', id: string | null) {
  return kind === 'page' ? save(EDITORIAL_ROUTES.page, user, request, id) : save(EDITORIAL_ROUTES.post, user, request, id);
}
