import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import * as account from '#app/routes/admin/account.tsx';
import { findSessionUser } from '#app/services/auth/session-store.server.ts';
import { signIn } from '#app/services/auth/sign-in.server.ts';
import { createUser } from '#app/services/users/create-user.server.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';

loadTestEnv();

type Handler = Parameters<typeof callRoute>[0];
const accountAction = account.action as unknown as Handler;
const accountLoader = account.loader as unknown as Handler;
const OLD = 'first-long-password-7';
const NEW = 'second-long-password-8';

describe.each(testDialects)('own account on $name', (dialect) => {
  let userId: string;
  let cookie: string;
  beforeAll(async () => {
    await dialect.open();
    userId = await createUser({ email: 'me@example.com', name: 'Me', password: OLD, roleId: 'author' });
    cookie = await sessionCookieFor(userId);
  });
  afterAll(() => dialect.close());

  it('changes name and avatar, and the email only with the right password', async () => {
    expect(
      (await callRoute(accountAction, { path: '/admin/account', cookie, form: { intent: 'profile', name: '', avatar: '' } })).status,
    ).toBe(400);
    expect(
      (
        await callRoute(accountAction, {
          path: '/admin/account',
          cookie,
          form: { intent: 'profile', name: 'Me Renamed', avatar: '/media/uploads/me.jpg' },
        })
      ).status,
    ).toBe(302);
    const wrong = await callRoute(accountAction, {
      path: '/admin/account',
      cookie,
      form: { intent: 'email', email: 'me2@example.com', password: 'nope' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ result: { error: { password: ['Your current password is not correct'] } } });
    expect(
      (
        await callRoute(accountAction, {
          path: '/admin/account',
          cookie,
          form: { intent: 'email', email: 'Me2@example.com', password: OLD },
        })
      ).status,
    ).toBe(302);
    const row = await getDb().selectFrom('users').select(['name', 'avatar', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Me Renamed', avatar: '/media/uploads/me.jpg', email: 'me2@example.com' });
  });

  it('changes the password with the current one, ends the other sessions, and lists and ends sessions', async () => {
    const elsewhere = await signIn({
      email: 'me2@example.com',
      password: OLD,
      ip: '10.1.1.1',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/133.0',
    });
    if (!elsewhere.ok) throw new Error('expected success');
    const listed = await callRoute(accountLoader, { path: '/admin/account', cookie });
    const sessions = (listed.data as { sessions: { id: string; device: string; current: boolean }[] }).sessions;
    expect(sessions.find((s) => !s.current && s.device === 'Firefox on Linux')).toBeDefined();

    const weak = await callRoute(accountAction, {
      path: '/admin/account',
      cookie,
      form: { intent: 'password', current: OLD, password: 'password1234', confirm: 'password1234' },
    });
    expect(weak.status).toBe(400);
    const badCurrent = await callRoute(accountAction, {
      path: '/admin/account',
      cookie,
      form: { intent: 'password', current: 'wrong', password: NEW, confirm: NEW },
    });
    expect(badCurrent.data).toMatchObject({ result: { error: { current: ['Your current password is not correct'] } } });
    expect(
      (
        await callRoute(accountAction, {
          path: '/admin/account',
          cookie,
          form: { intent: 'password', current: OLD, password: NEW, confirm: NEW },
        })
      ).status,
    ).toBe(302);
    expect(await findSessionUser(elsewhere.token)).toBeNull();
    expect((await callRoute(accountLoader, { path: '/admin/account', cookie })).status).toBe(200);
    expect((await signIn({ email: 'me2@example.com', password: NEW, ip: '10.1.1.2' })).ok).toBe(true);

    const other = await callRoute(accountLoader, { path: '/admin/account', cookie });
    const target = (other.data as { sessions: { id: string; current: boolean }[] }).sessions.find((s) => !s.current)!;
    expect(
      (await callRoute(accountAction, { path: '/admin/account', cookie, form: { intent: 'end-session', id: target.id } })).status,
    ).toBe(302);
    expect(
      (await callRoute(accountAction, { path: '/admin/account', cookie, form: { intent: 'end-session', id: target.id } })).status,
    ).toBe(404);
    expect((await callRoute(accountAction, { path: '/admin/account', cookie, form: { intent: 'become-admin' } })).status).toBe(400);
    const audit = await getDb().selectFrom('audit_log').select('action').where('target_id', '=', userId).execute();
    expect(audit.length).toBeGreaterThanOrEqual(3);
  });
});
