import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { action as settingsRouteAction, loader as settingsRouteLoader } from '#app/routes/admin/settings.tsx';
import { cacheGeneration } from '#app/services/cache/html-cache.server.ts';
import { codeInjectionForPages, getCodeInjection, saveCodeInjection } from '#app/services/settings/code-injection.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';

loadTestEnv();

type Handler = Parameters<typeof callRoute>[0];

describe.each(testDialects)('code injection on $name', (dialect) => {
  let adminCookie: string;
  let editorCookie: string;
  let adminId: string;
  const post = (cookie: string, form: Record<string, string>) =>
    callRoute(settingsRouteAction as unknown as Handler, { path: '/admin/settings', cookie, form: { intent: 'code-injection', ...form } });
  const storedRow = async () =>
    (await getDb().selectFrom('settings').select('value').where('key', '=', 'code_injection').executeTakeFirst())?.value;

  beforeAll(async () => {
    await dialect.open();
    const admin = await makeActor('administrator', 'code-admin');
    adminId = admin.id;
    adminCookie = await sessionCookieFor(admin.id);
    editorCookie = await sessionCookieFor((await makeActor('editor', 'code-editor')).id);
  });
  afterAll(() => dialect.close());

  it('saves the snippets and sources as an administrator, audited, and drops the cached public pages', async () => {
    const before = cacheGeneration();
    expect(await getCodeInjection()).toEqual({ head: '', footer: '', scriptSources: [] });
    const answer = await post(adminCookie, {
      head: '<script>window.track = 1;</script>',
      footer: '<script src="https://plausible.io/js/script.js" defer></script>',
      scriptSources: 'https://plausible.io\nhttps://*.example.com',
    });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe('/admin/settings?tab=code-injection');
    expect(cacheGeneration()).toBeGreaterThan(before);
    const saved = {
      head: '<script>window.track = 1;</script>',
      footer: '<script src="https://plausible.io/js/script.js" defer></script>',
      scriptSources: ['https://plausible.io', 'https://*.example.com'],
    };
    expect(await getCodeInjection()).toEqual(saved);
    // The pages' copy follows the write at once.
    expect(await codeInjectionForPages()).toEqual(saved);
    const audit = await getDb()
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'target_id', 'details'])
      .where('action', '=', 'code_injection.updated')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: adminId, target_id: 'code-injection' });
    expect(JSON.parse(audit[0]!.details ?? '{}')).toMatchObject({ scriptSources: ['https://plausible.io', 'https://*.example.com'] });
  });

  it('refuses a source that would open the policy, naming it, and changes nothing', async () => {
    const row = await storedRow();
    const before = cacheGeneration();
    for (const source of ["'unsafe-inline'", '*', 'http://plausible.io', 'https://evil.example; script-src *']) {
      const answer = await post(adminCookie, { head: '<script>changed()</script>', footer: '', scriptSources: source });
      expect(answer.status).toBe(400);
      const errors = (answer.data as { result?: { error?: Record<string, string[]> } }).result?.error;
      expect(errors?.scriptSources?.[0]).toContain('is not an allowed source');
    }
    expect(await storedRow()).toBe(row);
    expect(cacheGeneration()).toBe(before);
  });

  it('is administrators’ alone: a role with Manage Settings but not every permission is refused, an editor gets 403', async () => {
    const row = await storedRow();
    const settingsManager = { id: adminId, role: { id: 'site-manager', permissions: ['manage_settings', 'manage_pages'] } };
    expect(await saveCodeInjection(settingsManager, { head: '<script>x()</script>', footer: '', scriptSources: [] })).toMatchObject({
      ok: false,
      reason: 'forbidden',
    });
    const refused = await post(editorCookie, { head: '<script>x()</script>', footer: '', scriptSources: '' });
    expect(refused.status).toBe(403);
    expect(await storedRow()).toBe(row);
    // Nor does anyone but an administrator see the tab's data.
    const editorView = await callRoute(settingsRouteLoader as unknown as Handler, {
      path: '/admin/settings?tab=code-injection',
      cookie: editorCookie,
    });
    expect(editorView.status).toBe(403);
    const adminView = await callRoute(settingsRouteLoader as unknown as Handler, {
      path: '/admin/settings?tab=code-injection',
      cookie: adminCookie,
    });
    expect(adminView.data).toMatchObject({ tab: 'code-injection', codeInjection: { head: '<script>window.track = 1;</script>' } });
  });
});
