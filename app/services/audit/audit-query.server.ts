import type { Kysely } from 'kysely';

import { getDb } from '#app/db/client.server.ts';
import type { Database } from '#app/db/schema.ts';
import { nextDay, startOfDayIn } from '#app/lib/format-date.ts';
import { parseJson } from '#app/lib/json.ts';
import type { Paginated } from '#app/lib/paginated.ts';
import type { AuditFilter } from '#app/schemas/audit-filter.ts';
import { listScreen } from '#app/services/content/pagination.server.ts';
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

/** Past this many matches the screen says "10000+" (the CSV export has no cap). */
const COUNT_CAP = 10_000;
/** Rows the CSV export reads per query: its memory is one page, whatever the log's size. */
const EXPORT_PAGE = 1_000;

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

/**
 * Every matching entry, newest first, for the CSV export: read in pages of `pageSize` with keyset
 * pagination (each page starts after the last (at, id) seen, an index range scan however deep), so
 * nothing is cut and only one page is held at a time; the caller pulls as fast as it can write.
 */
export async function* auditEntriesForExport(filter: Omit<AuditFilter, 'page'>, pageSize = EXPORT_PAGE): AsyncGenerator<AuditEntry> {
  const db = getDb();
  const { timezone } = await getSiteSettings();
  let after: { at: string; id: string } | null = null;
  for (;;) {
    let query = ordered(db, filter, timezone);
    if (after) {
      const { at, id } = after;
      query = query.where((eb) => eb.or([eb('at', '<', at), eb.and([eb('at', '=', at), eb('id', '<', id)])]));
    }
    const rows = await query.limit(pageSize).execute();
    for (const row of rows) yield toEntry(row);
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = { at: last.at, id: last.id };
  }
}

/** The people the user filter offers: everyone with an account, by name. */
export async function auditActors(): Promise<{ id: string; name: string; email: string }[]> {
  return getDb().selectFrom('users').select(['id', 'name', 'email']).orderBy('name').limit(1000).execute();
}
