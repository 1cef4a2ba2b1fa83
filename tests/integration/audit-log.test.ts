import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import type { AuditFilter } from '#app/schemas/audit-filter.ts';
import { auditFilterSchema } from '#app/schemas/audit-filter.ts';
import { pageFormSchema } from '#app/schemas/page.ts';
import { auditCsvStream, csvCell } from '#app/services/audit/audit-csv.server.ts';
import { auditEntriesForExport, type AuditEntry, listAuditEntries } from '#app/services/audit/audit-query.server.ts';
import { pruneAuditLog } from '#app/services/audit/audit-retention.server.ts';
import { auditEvent, recordAudit } from '#app/services/audit/record-audit.server.ts';
import { runWithRequestInfo } from '#app/services/audit/request-info.server.ts';
import { createPage, deletePage, trashPage, updatePage } from '#app/services/pages/pages.server.ts';
import { defaultSiteSettings } from '#app/services/settings/defaults.ts';
import { writeSettings } from '#app/services/settings/settings-store.server.ts';
import { ADMIN, makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';

/** Every entry the export reads for these filters. */
async function allAuditEntries(filter: Omit<AuditFilter, 'page'>): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  for await (const entry of auditEntriesForExport(filter)) entries.push(entry);
  return entries;
}

const filter = (input: Record<string, string> = {}) => auditFilterSchema.parse(input);
const page = (overrides: Record<string, string> = {}) =>
  pageFormSchema.parse({ title: 'Audit me', slug: 'audit-me', content: 'Text', status: 'draft', ...overrides });

describe.each(testDialects)('audit log on $name', (dialect) => {
  let admin: Awaited<ReturnType<typeof makeActor>>;
  beforeAll(async () => {
    await dialect.open();
    admin = await makeActor('administrator', 'Ada Admin');
  });
  afterAll(() => dialect.close());

  it('records who, what and from where, taking the address from the running request', async () => {
    await runWithRequestInfo({ ip: '203.0.113.9', userAgent: 'TestBrowser/1.0' }, () =>
      auditEvent({
        actor: { id: admin.id },
        action: 'settings.updated',
        target: { type: 'settings', id: 'general', label: 'general' },
        details: { fields: ['siteName'] },
      }),
    );
    const [entry] = (await listAuditEntries(filter({ action: 'settings.updated' }))).items;
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorName: 'Ada Admin',
      ip: '203.0.113.9',
      userAgent: 'TestBrowser/1.0',
      targetId: 'general',
    });
    expect(entry?.details).toEqual({ fields: ['siteName'] });
  });

  it('records content published, trashed and deleted in the same transaction as the change', async () => {
    const created = await createPage(admin, page());
    if (!created.ok) throw new Error('create failed');
    const mine = async () =>
      (await allAuditEntries({ user: admin.id })).filter((entry) => entry.targetId === created.id).map((entry) => entry.action);
    expect(await mine()).toEqual([]);
    expect((await updatePage(admin, created.id, { ...page({ status: 'published' }), version: 1 })).ok).toBe(true);
    // Saving again while published is not a second publication.
    expect((await updatePage(admin, created.id, { ...page({ status: 'published', title: 'Audit me again' }), version: 2 })).ok).toBe(true);
    expect((await trashPage(admin, created.id)).ok).toBe(true);
    expect((await deletePage(admin, created.id)).ok).toBe(true);
    // A refused delete (already gone) records nothing.
    expect((await deletePage(admin, created.id)).ok).toBe(false);
    expect(await mine()).toEqual(['content.deleted', 'content.trashed', 'content.published']);
    const deleted = (await allAuditEntries({ action: 'content.deleted' })).find((entry) => entry.targetId === created.id);
    expect(deleted).toMatchObject({ targetType: 'page', targetLabel: 'Audit me again', actorName: 'Ada Admin' });
  });

  it('filters by user, action and date range, newest first, and pages in the database', async () => {
    const db = getDb();
    const other = await makeActor('editor', 'Eve Editor');
    await db.deleteFrom('audit_log').execute();
    const base = Date.parse('2026-03-10T12:00:00Z');
    for (let day = 0; day < 30; day++) {
      const action = day % 3 ? 'auth.sign_in' : 'auth.sign_in_failed';
      await recordAudit(db, { actor: { id: day % 2 ? other.id : admin.id }, action, request: { ip: '', userAgent: '' }, details: { day } });
    }
    // Spread the entries one per day.
    for (const row of await db.selectFrom('audit_log').select(['id', 'details']).execute()) {
      const { day } = JSON.parse(row.details) as { day: number };
      await db
        .updateTable('audit_log')
        .set({ at: new Date(base + day * 86_400_000).toISOString() })
        .where('id', '=', row.id)
        .execute();
    }
    const all = await listAuditEntries(filter());
    expect(all.total).toBe(30);
    expect(all.items).toHaveLength(20);
    expect(all.pageCount).toBe(2);
    expect(all.items[0]!.at > all.items[1]!.at).toBe(true);
    expect((await listAuditEntries(filter({ page: '2' }))).items).toHaveLength(10);
    expect((await listAuditEntries(filter({ user: other.id }))).total).toBe(15);
    expect((await listAuditEntries(filter({ action: 'auth.sign_in_failed' }))).total).toBe(10);
    // Both ends of the range are whole days, included.
    const range = await allAuditEntries({ from: '2026-03-12', to: '2026-03-14' });
    expect(range.map((entry) => entry.at.slice(0, 10))).toEqual(['2026-03-14', '2026-03-13', '2026-03-12']);
    expect((await allAuditEntries({ user: admin.id, action: 'auth.sign_in_failed', from: '2026-03-10', to: '2026-03-20' })).length).toBe(2);
  });

  it("takes the date range in the site's timezone, as the dates on the screen are written", async () => {
    const db = getDb();
    await db.deleteFrom('audit_log').execute();
    // 23:30 UTC on the 14th is already the 15th in Paris (UTC+1 in March).
    await recordAudit(db, { actor: { id: admin.id }, action: 'auth.sign_in', request: { ip: '', userAgent: '' }, details: {} });
    await db.updateTable('audit_log').set({ at: '2026-03-14T23:30:00.000Z' }).execute();
    try {
      expect(await allAuditEntries({ from: '2026-03-15', to: '2026-03-15' })).toHaveLength(0);
      await writeSettings(ADMIN, { site: { ...defaultSiteSettings, timezone: 'Europe/Paris' } });
      expect(await allAuditEntries({ from: '2026-03-15', to: '2026-03-15' })).toHaveLength(1);
      expect(await allAuditEntries({ from: '2026-03-14', to: '2026-03-14' })).toHaveLength(0);
      expect((await listAuditEntries(filter({ from: '2026-03-15' }))).total).toBe(1);
    } finally {
      await writeSettings(ADMIN, { site: defaultSiteSettings });
    }
  });

  it('refuses unknown actions and malformed dates in the filter', () => {
    expect(auditFilterSchema.safeParse({ action: 'drop_tables' }).success).toBe(false);
    expect(auditFilterSchema.safeParse({ from: "2026-01-01' or 1=1" }).success).toBe(false);
    expect(auditFilterSchema.safeParse({ from: '', to: '', user: '', action: '' }).success).toBe(true);
  });

  it('keeps 180 days and prunes older entries', async () => {
    const db = getDb();
    await db.deleteFrom('audit_log').execute();
    const now = new Date('2026-09-01T00:00:00Z');
    for (const daysAgo of [1, 179, 181, 400]) {
      await recordAudit(db, { actor: null, action: 'auth.sign_in', request: { ip: '', userAgent: '' }, details: { daysAgo } });
    }
    const rows = await db.selectFrom('audit_log').select(['id', 'details']).execute();
    for (const row of rows) {
      const daysAgo = (JSON.parse(row.details) as { daysAgo: number }).daysAgo;
      await db
        .updateTable('audit_log')
        .set({ at: new Date(now.getTime() - daysAgo * 86_400_000).toISOString() })
        .where('id', '=', row.id)
        .execute();
    }
    expect(await pruneAuditLog(180, now)).toBe(2);
    const left = await allAuditEntries({});
    expect(left.map((entry) => entry.details.daysAgo).sort()).toEqual([1, 179]);
  });

  it('exports CSV with formula-looking cells made inert and quotes doubled', async () => {
    const db = getDb();
    await db.deleteFrom('audit_log').execute();
    await recordAudit(db, {
      actor: { name: '=HYPERLINK("http://evil.example","click")' },
      action: 'auth.sign_in_failed',
      target: { type: 'account', label: '+cmd|" /C calc"!A0' },
      request: { ip: '198.51.100.7', userAgent: '@SUM(1,2)' },
    });
    const csv = await new Response(auditCsvStream(auditEntriesForExport({}))).text();
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('"Time (UTC)","User"');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(lines[1]).toContain(`"'+cmd|"" /C calc""!A0"`);
    expect(lines[1]).toContain(`"'@SUM(1,2)"`);
    expect(lines[1]).toContain('"Sign-in failed","auth.sign_in_failed"');
    expect(csvCell('-1+2')).toBe(`"'-1+2"`);
    expect(csvCell('plain')).toBe('"plain"');
  });
});
