import { data } from 'react-router';

import { failureMessage, failureStatus } from '#app/http/failure.server.ts';
import { requirePermission } from '#app/http/guard.server.ts';
import { editingRequestSchema } from '#app/schemas/editing.ts';
import { discardAutosave, saveAutosave } from '#app/services/revisions/autosave.server.ts';
import { isRevisionKind, mayEditItem } from '#app/services/revisions/may-edit.server.ts';
import { heartbeat, leaveItem, takeOver } from '#app/services/revisions/presence.server.ts';
import { getRevisionState, listRevisions, type RevisionKind } from '#app/services/revisions/revisions.server.ts';

import type { Route } from './+types/editing';

const refused = (message: string, status: number) => data({ ok: false as const, message }, { status });

function kindOf(params: { kind: string }): RevisionKind {
  if (!isRevisionKind(params.kind)) throw data({ ok: false, message: 'There is no such kind of content.' }, { status: 404 });
  return params.kind;
}

/**
 * GET /admin/editing/:kind/:key: the item's revisions, newest first, or with `?revision=ID` that revision's saved
 * state; only for someone who may edit the item (docs/permissions.md).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request);
  const kind = kindOf(params);
  if (!(await mayEditItem(user, kind, params.key))) return refused('You may not edit this item.', 403);
  const revisionId = new URL(request.url).searchParams.get('revision');
  if (!revisionId) return { ok: true as const, revisions: await listRevisions(kind, params.key) };
  const state = await getRevisionState(kind, params.key, revisionId);
  if (state === undefined) return refused('This revision is no longer kept.', 404);
  return { ok: true as const, state };
}

/** POST /admin/editing/:kind/:key (JSON): the editor's autosave, its discard, and the presence heartbeat and take-over. */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requirePermission(request);
  const kind = kindOf(params);
  const body: unknown = await request.json().catch(() => null);
  const parsed = editingRequestSchema.safeParse(body);
  if (!parsed.success) return refused('The request could not be read.', 400);
  const input = parsed.data;
  const item = { kind, itemId: params.key };
  const result =
    input.intent === 'autosave'
      ? await saveAutosave(user, { kind, itemKey: params.key, seq: input.seq, fields: input.fields, baseVersion: input.baseVersion })
      : input.intent === 'discard-autosave'
        ? await discardAutosave(user, kind, params.key)
        : input.intent === 'heartbeat'
          ? await heartbeat(user, { ...item, tabId: input.tabId, mode: input.mode })
          : input.intent === 'take-over'
            ? await takeOver(user, { ...item, tabId: input.tabId })
            : await leaveItem(user, { ...item, tabId: input.tabId });
  if (!result.ok) return refused(failureMessage(result), failureStatus(result));
  return result;
}
