import { replyRowFailure } from '#app/http/failure.server.ts';
import { readForm } from '#app/http/form.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { CONTENT_SCREENS } from '#app/lib/content-screens.ts';
import type { SessionUser } from '#app/services/auth/session-user.ts';
import { unschedulePage } from '#app/services/pages/pages.server.ts';
import { unschedulePost } from '#app/services/posts/posts.server.ts';

/** The editor's actions besides saving the form, by `intent`; none of them touches the form's unsaved fields. */
export const ITEM_INTENTS = ['unschedule'] as const;

/** Whether this request is one of the item actions (read from a copy: the save reads the body itself). */
export async function itemIntent(request: Request): Promise<string | null> {
  const intent = (await readForm(request.clone())).get('intent');
  return typeof intent === 'string' && (ITEM_INTENTS as readonly string[]).includes(intent) ? intent : null;
}

export async function itemAction(user: SessionUser, request: Request, kind: 'page' | 'post', id: string) {
  const form = await readForm(request);
  const editorPath = `${CONTENT_SCREENS[kind].listPath}/${id}`;
  const version = Number(form.get('version'));
  const result = kind === 'page' ? await unschedulePage(user, id, version) : await unschedulePost(user, id, version);
  if (!result.ok) return replyRowFailure(result, { intent: 'unschedule' });
  return redirectWithToast(editorPath, { type: 'success', message: `Unscheduled: the ${kind} is a draft again.` });
}
