import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import * as userEdit from '#app/routes/admin/users/edit.tsx';
import * as userList from '#app/routes/admin/users/list.tsx';
import * as invite from '#app/routes/site/invite.tsx';
import { makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';

loadTestEnv();

type Handler = Parameters<typeof callRoute>[0];
const listLoader = userList.loader as unknown as Handler;
const listAction = userList.action as unknown as Handler;
const editAction = userEdit.action as unknown as Handler;
const inviteLoader = invite.loader as unknown as Handler;
const inviteAction = invite.action as unknown as Handler;

describe.each(testDialects)('Users screens on $name', (dialect) => {
  let cookie: string;
  let adminId: string;
  beforeAll(async () => {
    await dialect.open();
    adminId = (await makeActor('administrator', 'Screen Admin')).id;
    cookie = await sessionCookieFor(adminId);
  });
  afterAll(() => dialect.close());

  it('creates a user with the spec’s messages and toast, hands the link over once, and the invitee accepts it', async () => {
    const bad = await callRoute(editAction, { path: '/admin/users/new', cookie, form: { email: 'nope', name: ' ', role: '' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain('Invalid email address');
    expect(JSON.stringify(bad.data)).toContain('Name is required');
    expect(JSON.stringify(bad.data)).toContain('Role is required');

    const made = await callRoute(editAction, {
      path: '/admin/users/new',
      cookie,
      form: { email: 'Colleague@Example.com', name: 'Colleague', role: 'editor' },
    });
    expect(made.status).toBe(302);
    expect(made.location).toBe('/admin/users');
    const cookies = made.headers.get('Set-Cookie') ?? '';
    expect(cookies).toContain('atelier_toast=');
    expect(cookies).toContain('atelier_invite=');

    const inviteCookie = cookies
      .split(/,(?=\s*atelier_)/)
      .find((line) => line.trim().startsWith('atelier_invite='))!
      .trim()
      .split(';')[0]!;
    const list = await callRoute(listLoader, { path: '/admin/users?q=colleague', cookie: `${cookie}; ${inviteCookie}` });
    const shown = list.data as { invite: { link: string; emailed: boolean }; list: { items: { email: string; status: string }[] } };
    expect(shown.list.items).toEqual([expect.objectContaining({ email: 'colleague@example.com', status: 'pending' })]);
    expect(shown.invite.emailed).toBe(false);
    const token = shown.invite.link.split('/invite/')[1]!;

    const dup = await callRoute(editAction, {
      path: '/admin/users/new',
      cookie,
      form: { email: 'colleague@example.com', name: 'Again', role: 'editor' },
    });
    expect(dup.status).toBe(400);
    expect(JSON.stringify(dup.data)).toContain('A user with this email address already exists');

    expect((await callRoute(inviteLoader, { path: `/invite/${token}`, params: { token } })).status).toBe(200);
    const weak = await callRoute(inviteAction, {
      path: `/invite/${token}`,
      params: { token },
      form: { password: 'short', confirm: 'short' },
    });
    expect(weak.status).toBe(400);
    const done = await callRoute(inviteAction, {
      path: `/invite/${token}`,
      params: { token },
      form: { password: 'tidal-copper-lantern-9', confirm: 'tidal-copper-lantern-9' },
    });
    expect(done.data).toMatchObject({ done: true });
    expect((await callRoute(inviteLoader, { path: `/invite/${token}`, params: { token } })).status).toBe(404);
  });

  it('refuses deleting oneself with a 403 and a message, deletes another user with the toast', async () => {
    const self = await callRoute(listAction, { path: '/admin/users', cookie, form: { intent: 'delete', id: adminId } });
    expect(self.status).toBe(403);
    expect(self.data).toMatchObject({ result: { status: 'error', error: { '': ['You cannot delete your own account.'] } } });
    const other = await makeActor('author', 'Leaving');
    const gone = await callRoute(listAction, { path: '/admin/users', cookie, form: { intent: 'delete', id: other.id } });
    expect(gone.status).toBe(302);
    expect(await getDb().selectFrom('users').select('id').where('id', '=', other.id).execute()).toEqual([]);
    expect((await callRoute(listAction, { path: '/admin/users', cookie, form: { intent: 'bogus', id: 'x' } })).status).toBe(400);
  });

  it('refuses the Users screen to a signed-in user without manage_users', async () => {
    const editor = await makeActor('editor');
    const answer = await callRoute(listLoader, { path: '/admin/users', cookie: await sessionCookieFor(editor.id) });
    expect(answer.status).toBe(403);
  });
});
