import { failureMessage } from '#app/http/failure.server.ts';
import type { Toast } from '#app/http/toast.server.ts';
import type { BulkIntent } from '#app/schemas/content-list.ts';
import type { SessionUser } from '#app/services/auth/session-user.ts';
import type { Failure, Result } from '#app/services/failures.ts';

import type { editorialRoutes } from './kinds.server.ts';

const DONE: Record<BulkIntent, string> = {
  'bulk-trash': 'moved to trash',
  'bulk-publish': 'published',
  'bulk-draft': 'set to draft',
  'bulk-restore': 'restored as a draft',
  'bulk-delete': 'permanently deleted',
};

const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * Applies a bulk action to each checked item through the same service as the row action, so each item's
 * permission and state are checked again on the server, one by one: the ones refused are told (how many,
 * and why), the others are done.
 */
export async function applyBulk(
  routes: ReturnType<typeof editorialRoutes>,
  user: SessionUser,
  intent: BulkIntent,
  ids: string[],
): Promise<Toast> {
  const act = (id: string): Promise<Result<object>> => {
    if (intent === 'bulk-trash') return routes.trash(user, id);
    if (intent === 'bulk-publish') return routes.setStatus(user, id, 'published');
    if (intent === 'bulk-draft') return routes.setStatus(user, id, 'draft');
    if (intent === 'bulk-restore') return routes.restore(user, id);
    return routes.remove(user, id);
  };
  let done = 0;
  const reasons = new Map<string, number>();
  // One after the other: each is its own transaction, and a list screen holds at most a few dozen.
  for (const id of new Set(ids)) {
    const result = await act(id);
    if (result.ok) done += 1;
    else {
      const reason = failureMessage(result as Failure);
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
  }
  const noun = routes.screens.pagination;
  const summary = `${counted(done, noun)} ${done === 1 ? DONE[intent] : DONE[intent].replace('as a draft', 'as drafts')}.`;
  if (reasons.size === 0) return { type: 'success', message: summary };
  const refused = [...reasons].map(([reason, count]) => `${counted(count, noun)} not changed: ${reason}`).join(' ');
  return { type: 'error', message: `${summary} ${refused}` };
}
