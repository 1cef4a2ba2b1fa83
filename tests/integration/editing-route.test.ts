import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { action, loader } from '#app/routes/resources/editing.ts';
import { pageFormSchema } from '#app/schemas/page.ts';
import { createPage, updatePage } from '#app/services/pages/pages.server.ts';
import { getAutosave } from '#app/services/revisions/autosave.server.ts';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';

type Handler = Parameters<typeof callRoute>[0];

/** A JSON POST to /admin/editing/:kind/:key, as the editor sends it. */
function post(cookie: string, params: { kind: string; key: string }, body: string) {
  const request = new Request(`http://localhost/admin/editing/${params.kind}/${params.key}`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    body,
  });
  return callRoute(((args: Parameters<Handler>[0]) => action({ ...args, request } as never)) as Handler, {
    path: `/admin/editing/${params.kind}/${params.key}`,
    params,
  });
}

describe.each(testDialects)('the editing resource route on $name', (dialect) => {
  let pageId: string;
  let adminCookie: string;
  let contributorCookie: string;

  beforeAll(async () => {
    await dialect.open();
    const admin = await makeActor('administrator', 'Maria');
    const contributor = await makeActor('contributor', 'Cleo');
    adminCookie = await sessionCookieFor(admin.id);
    contributorCookie = await sessionCookieFor(contributor.id);
    const created = await createPage(
      admin,
      pageFormSchema.parse({ title: 'Private', slug: 'private-history', content: 'Secret draft', status: 'draft' }),
    );
    if (!created.ok) throw new Error('create failed');
    pageId = created.id;
    await updatePage(admin, pageId, {
      ...pageFormSchema.parse({ title: 'Private', slug: 'private-history', content: 'Second secret', status: 'draft' }),
      version: 1,
    });
  });
  afterAll(() => dialect.close());

  it('lists revisions and gives a revision’s state to someone who may edit the item', async () => {
    const listed = await callRoute(loader as Handler, {
      path: `/admin/editing/page/${pageId}`,
      params: { kind: 'page', key: pageId },
      cookie: adminCookie,
    });
    const revisions = (listed.data as { revisions: { id: string }[] }).revisions;
    expect(revisions).toHaveLength(2);
    const one = await callRoute(loader as Handler, {
      path: `/admin/editing/page/${pageId}?revision=${revisions[1]!.id}`,
      params: { kind: 'page', key: pageId },
      cookie: adminCookie,
    });
    expect(one.data).toMatchObject({ ok: true, state: { content: 'Secret draft' } });
  });

  it('refuses a contributor reading or autosaving a page’s history, and a visitor altogether', async () => {
    const read = await callRoute(loader as Handler, {
      path: `/admin/editing/page/${pageId}`,
      params: { kind: 'page', key: pageId },
      cookie: contributorCookie,
    });
    expect(read.status).toBe(403);
    expect(JSON.stringify(read.data)).not.toContain('Secret');
    const revision = await getDb().selectFrom('revisions').select('id').where('item_id', '=', pageId).executeTakeFirstOrThrow();
    const one = await callRoute(loader as Handler, {
      path: `/admin/editing/page/${pageId}?revision=${revision.id}`,
      params: { kind: 'page', key: pageId },
      cookie: contributorCookie,
    });
    expect(one.status).toBe(403);
    const write = await post(
      contributorCookie,
      { kind: 'page', key: pageId },
      JSON.stringify({ intent: 'autosave', seq: 1, baseVersion: 2, fields: { content: 'x' } }),
    );
    expect(write.status).toBe(403);
    const anonymous = await callRoute(loader as Handler, { path: `/admin/editing/page/${pageId}`, params: { kind: 'page', key: pageId } });
    expect(anonymous.status).toBeGreaterThanOrEqual(300);
    expect(JSON.stringify(anonymous.data ?? '')).not.toContain('Secret');
  });

  it('answers bad input with a clear 400 or 404 and changes nothing', async () => {
    for (const body of [
      'not json',
      '{"intent":"autosave","seq":-1,"fields":{}}',
      '{"intent":"drop-table"}',
      JSON.stringify({ intent: 'autosave', seq: 1, baseVersion: null, fields: { content: 'x'.repeat(400_001) } }),
    ]) {
      const answer = await post(adminCookie, { kind: 'page', key: pageId }, body);
      expect(answer.status).toBe(400);
      expect(answer.data).toEqual({ ok: false, message: 'The request could not be read.' });
    }
    const unknownKind = await post(adminCookie, { kind: 'users', key: pageId }, '{"intent":"discard-autosave"}');
    expect(unknownKind.status).toBe(404);
    const gone = await callRoute(loader as Handler, {
      path: `/admin/editing/page/${pageId}?revision=nope`,
      params: { kind: 'page', key: pageId },
      cookie: adminCookie,
    });
    expect(gone).toMatchObject({ status: 404, data: { ok: false, message: 'This revision is no longer kept.' } });
    const admin = await getDb().selectFrom('users').select('id').where('name', '=', 'Maria').executeTakeFirstOrThrow();
    expect(await getAutosave({ id: admin.id, role: null } as never, 'page', pageId)).toBeNull();
  });
});
