import { data } from 'react-router';

import { throwFailure } from '#app/http/failure.server.ts';
import { readForm } from '#app/http/form.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { messageActionToast } from '#app/lib/message-toasts.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { messageActionSchema } from '#app/schemas/messages.ts';
import { applyMessageAction } from '#app/services/messages/messages.server.ts';

/**
 * The one action of the inbox and of an opened message: read, unread, archive, spam, back to the
 * inbox or delete, on the ids posted. Answers with a redirect to `back` and a toast; bad input is a 400.
 */
export async function handleMessageAction(request: Request, actor: Actor, back: (action: string) => string): Promise<Response> {
  const form = await readForm(request);
  const parsed = messageActionSchema.safeParse({ intent: form.get('intent') ?? undefined, ids: form.getAll('ids').map(String) });
  if (!parsed.success) throw data({ message: parsed.error.issues[0]?.message ?? 'Unknown action.' }, { status: 400 });
  const { intent, ids } = parsed.data;
  const result = await applyMessageAction(actor, intent, ids);
  if (!result.ok) throwFailure(result);
  return redirectWithToast(back(intent), { type: 'success', message: messageActionToast(intent, result.count) });
}
