import type { Kysely } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import type { AuditAction } from '#app/lib/audit-actions.ts';
import { newTimeOrderedId, nowIso } from '#app/lib/ids.ts';

import { currentRequestInfo, type RequestInfo } from './request-info.server.ts';

export interface AuditEntryInput {
  /** Who acted: a user, or only a name (the email tried by an anonymous sign-in), or nobody (the system). */
  actor: { id: string; name?: string } | { id?: null; name: string } | null;
  action: AuditAction;
  target?: { type: string; id?: string | null; label?: string | null };
  /** Defaults to the current request's address and browser (see runWithRequestInfo). */
  request?: RequestInfo;
  details?: Record<string, unknown>;
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/**
 * Writes one audit entry with `db` (pass the transaction of the change it records, so both commit or
 * neither). The actor's name is stored as it is now; a missing name is read from the users table.
 */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntryInput): Promise<void> {
  const actorId = entry.actor?.id ?? null;
  let actorName = entry.actor?.name ?? '';
  if (actorId && !actorName) {
    const user = await db.selectFrom('users').select('name').where('id', '=', actorId).executeTakeFirst();
    actorName = user?.name ?? '';
  }
  const request = entry.request ?? currentRequestInfo();
  await db
    .insertInto('audit_log')
    .values({
      id: newTimeOrderedId(),
      at: nowIso(),
      actor_id: actorId,
      actor_name: clip(actorName, 200),
      action: entry.action,
      target_type: entry.target?.type ?? null,
      target_id: entry.target?.id ?? null,
      target_label: entry.target?.label == null ? null : clip(entry.target.label, 300),
      ip: clip(request.ip, 100),
      user_agent: clip(request.userAgent, 400),
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}

/** recordAudit outside any transaction (a sign-in, a refusal): written at once with the shared connection. */
export function auditEvent(entry: AuditEntryInput): Promise<void> {
  return recordAudit(getDb(), entry);
}
