import type { Kysely } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import type { AuditAction } from '#app/lib/audit-actions.ts';
import { newTimeOrderedId, nowIso } from '#app/lib/ids.ts';
import { addressKey } from '#app/lib/ip-address.ts';
import { countAttempt, type ThrottleRule } from '#app/services/throttles/throttles.server.ts';

import { currentRequestInfo, type RequestInfo } from './request-info.server.ts';

/** Who acted: a user, or only a name (the email tried by an anonymous sign-in), or nobody (the system). */
export type AuditedBy = { id: string; name?: string } | { id?: null; name: string } | null;

export interface AuditEntryInput {
  actor: AuditedBy;
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

/**
 * Refusals recorded per source (address, IPv6 by /64) within a window. A refusal costs the sender
 * nothing, so without a cap a loop of wrong passwords or forged requests fills the disk and pushes
 * real entries out of sight; an accepted act (a sign-in, a change) is always recorded.
 */
export const AUDIT_REFUSALS_PER_SOURCE: ThrottleRule = { limit: 100, windowMs: 15 * 60 * 1000 };

/**
 * Records a refusal (a wrong password, a wrong code, a forbidden request) at once, as auditEvent
 * does, within AUDIT_REFUSALS_PER_SOURCE: past the cap, one `audit.suppressed` entry says so and
 * the source's further refusals in that window are counted, not written.
 */
export async function auditRefusal(entry: AuditEntryInput): Promise<void> {
  const request = entry.request ?? currentRequestInfo();
  const source = addressKey(request.ip);
  const hit = await countAttempt(`audit:source:${source}`, AUDIT_REFUSALS_PER_SOURCE);
  if (hit.allowed) return auditEvent({ ...entry, request });
  if (!hit.firstRefused) return;
  await auditEvent({
    actor: null,
    action: 'audit.suppressed',
    target: { type: 'address', id: null, label: source },
    request,
    details: {
      limit: AUDIT_REFUSALS_PER_SOURCE.limit,
      windowMinutes: AUDIT_REFUSALS_PER_SOURCE.windowMs / 60_000,
      resumesAt: new Date(Date.now() + hit.retryAfterSeconds * 1000).toISOString(),
    },
  });
}
