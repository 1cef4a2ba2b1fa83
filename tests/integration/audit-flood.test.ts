import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import * as auditCsv from '#app/routes/admin/security/audit-csv.ts';
import * as usersList from '#app/routes/admin/users/list.tsx';
import * as login from '#app/routes/site/login.tsx';
import { AUDIT_REFUSALS_PER_SOURCE } from '#app/services/audit/record-audit.server.ts';
import { runWithRequestInfo } from '#app/services/audit/request-info.server.ts';
import { createUser } from '#app/services/users/create-user.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';

loadTestEnv();

type Handler = Parameters<typeof callRoute>[0];

const count = async (action: string) =>
  Number(
    (
      await getDb()
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('action', '=', action)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Lines of a CSV body read chunk by chunk; `afterFirstChunks` runs once the first two chunks have been read. */
async function readCsv(body: ReadableStream<Uint8Array>, afterFirstChunks: () => Promise<void>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let chunks = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (++chunks === 2) await afterFirstChunks();
  }
  return text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
}

describe.each(testDialects)('audit writes anyone can cause, and the export of all of them, on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  const postLogin = (email: string, password: string, ip = '127.0.0.1') =>
    runWithRequestInfo({ ip, userAgent: 'loop' }, () =>
      callRoute(login.action as unknown as Handler, { path: '/login', form: { email, password } }),
    );

  it('records a loop of wrong passwords on one account until it is throttled, then one “throttled” entry, then nothing', async () => {
    await createUser({ email: 'flood@example.com', name: 'Flood', password: 'the right long password', roleId: 'editor' });
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) statuses.push((await postLogin('flood@example.com', `guess ${i}`)).status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(195);
    expect(await count('auth.sign_in_failed')).toBe(5);
    expect(await count('auth.sign_in_throttled')).toBe(1);
  });

  it('records a loop over many e-mails from one address up to the address limit, then one “throttled” entry', async () => {
    await getDb().deleteFrom('audit_log').execute();
    await getDb().deleteFrom('throttles').execute();
    for (let i = 0; i < 150; i++) await postLogin(`who${i}@example.com`, 'nope');
    expect(await count('auth.sign_in_failed')).toBe(20);
    expect(await count('auth.sign_in_throttled')).toBe(1);
    const [entry] = await getDb().selectFrom('audit_log').select('details').where('action', '=', 'auth.sign_in_throttled').execute();
    expect(JSON.parse(entry!.details)).toMatchObject({ limit: 'address' });
  });

  it('caps the refusals recorded per source (an IPv6 /64 is one source): then one “held back” entry; other sources still write', async () => {
    await getDb().deleteFrom('audit_log').execute();
    const contributor = await makeActor('contributor', 'forger');
    const cookie = await sessionCookieFor(contributor.id);
    const forge = (ip: string) =>
      runWithRequestInfo({ ip, userAgent: 'loop' }, () =>
        callRoute(usersList.action as unknown as Handler, { path: '/admin/users', cookie, form: { intent: 'delete', id: 'x' } }),
      );
    for (let i = 1; i <= 250; i++) expect((await forge(`2001:db8:5:6::${i.toString(16)}`)).status).toBe(403);
    expect(await count('permission.denied')).toBe(AUDIT_REFUSALS_PER_SOURCE.limit);
    const held = await getDb()
      .selectFrom('audit_log')
      .select(['target_label', 'details'])
      .where('action', '=', 'audit.suppressed')
      .execute();
    expect(held).toHaveLength(1);
    expect(held[0]!.target_label).toBe('2001:db8:5:6::/64');
    expect(await forge('198.51.100.33')).toMatchObject({ status: 403 });
    expect(await count('permission.denied')).toBe(AUDIT_REFUSALS_PER_SOURCE.limit + 1);
  });

  it('streams every entry of the CSV export past the old 100,000-row cut, reading the log as it writes', async () => {
    const db = getDb();
    await db.deleteFrom('audit_log').execute();
    const total = 100_050;
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let from = 0; from < total; from += 500) {
      const rows = Array.from({ length: Math.min(500, total - from) }, (_, k) => {
        const i = from + k;
        return {
          id: `row-${String(i).padStart(6, '0')}`,
          at: new Date(start + i * 1000).toISOString(),
          actor_id: null,
          actor_name: 'Loop',
          action: 'settings.updated',
          target_type: 'settings',
          target_id: 'general',
          target_label: `entry ${i}`,
          ip: '192.0.2.1',
          user_agent: 'bulk',
          details: '{}',
        };
      });
      await db.insertInto('audit_log').values(rows).execute();
    }
    const admin = await makeActor('administrator', 'exporter');
    const request = new Request('http://localhost/admin/settings/audit.csv', {
      headers: { Cookie: await sessionCookieFor(admin.id) },
    });
    const response = (await (auditCsv.loader as unknown as Handler)({ request, params: {}, context: {} })) as Response;
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    const lines = await readCsv(response.body!, async () => {
      // Written after the export began, and older than every other entry: only a reading that is still going finds it.
      await db
        .insertInto('audit_log')
        .values({
          ...{ id: 'row-late', at: '2020-01-01T00:00:00.000Z', actor_id: null, actor_name: 'Late' },
          action: 'settings.updated',
          target_type: null,
          target_id: null,
          target_label: 'late',
          ip: '',
          user_agent: '',
          details: '{}',
        })
        .execute();
    });
    expect(lines[0]).toContain('"Time (UTC)","User"');
    expect(lines).toHaveLength(1 + total + 1);
    expect(lines[1]).toContain('"entry 100049"');
    expect(lines.at(-2)).toContain('"entry 0"');
    expect(lines.at(-1)).toContain('"late"');
  }, 180_000);
});
