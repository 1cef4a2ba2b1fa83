import type { Kysely } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { nextDay, startOfDayIn } from '#app/lib/format-date.ts';
import { parseJson } from '#app/lib/json.ts';
import type { AuditFilter } from '#app/schemas/audit-filter.ts';
import { listScreen, type Paginated } from '#app/services/content/pagination.server.ts';
import { getSiteSettings } from '#app/services/settings/settings.server.ts';

export interface AuditEntry {
  id: string;
  at: string;
  actorId: string | null;
  actorName: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  ip: string;
  userAgent: string;
  details: Record<string, unknown>;
}

/** Past this many matches the screen says "10000+"; the CSV export stops at EXPORT_LIMIT rows. */
const COUNT_CAP = 10_000;
export const EXPORT_LIMIT = 100_000;

function filtered(db: Kysely<Database>, filter: Omit<AuditFilter, 'page'>, timezone: string) {
  let query = db.selectFrom('audit_log');
  if (filter.user) query = query.where('actor_id', '=', filter.user);
  if (filter.action) query = query.where('action', '=', filter.action);
  // Days are the site's (General settings' timezone), as the dates on the screen are; `to` is included.
  if (filter.from) query = query.where('at', '>=', startOfDayIn(filter.from, timezone));
  if (filter.to) query = query.where('at', '<', startOfDayIn(nextDay(filter.to), timezone));
  return query;
}

function ordered(db: Kysely<Database>, filter: Omit<AuditFilter, 'page'>, timezone: string) {
  return filtered(db, filter, timezone)
    .select(['id', 'at', 'actor_id', 'actor_name', 'action', 'target_type', 'target_id', 'target_label', 'ip', 'user_agent', 'details'])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc');
}

type AuditRow = Awaited<ReturnType<ReturnType<typeof ordered>['execute']>>[number];

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    actorId: row.actor_id,
    actorName: row.actor_name,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    ip: row.ip,
    userAgent: row.user_agent,
    details: parseJson<Record<string, unknown>>(row.details, {}),
  };
}

/** One screen of the log, newest first, with the filters applied in the database. */
export async function listAuditEntries(filter: AuditFilter): Promise<Paginated<AuditEntry>> {
  const db = getDb();
  const { timezone } = await getSiteSettings();
  const screen = await listScreen({
    countQuery: filtered(db, filter, timezone),
    itemsQuery: ordered(db, filter, timezone),
    page: filter.page,
    cap: COUNT_CAP,
  });
  return { ...screen, items: screen.items.map(toEntry) };
}

/** Every matching entry (up to EXPORT_LIMIT), newest first, for the CSV export. */
export async function allAuditEntries(filter: Omit<AuditFilter, 'page'>): Promise<AuditEntry[]> {
  const { timezone } = await getSiteSettings();
  const rows = await ordered(getDb(), filter, timezone).limit(EXPORT_LIMIT).execute();
  return rows.map(toEntry);
}

/** The people the user filter offers: everyone with an account, by name. */
export async function auditActors(): Promise<{ id: string; name: string; email: string }[]> {
  return getDb().selectFrom('users').select(['id', 'name', 'email']).orderBy('name').limit(1000).execute();
}
