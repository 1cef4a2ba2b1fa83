import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import * as userList from '#app/routes/admin/users/list.tsx';
import * as forgot from '#app/routes/site/forgot-password.tsx';
import * as reset from '#app/routes/site/reset-password.tsx';
import { RESET_REQUESTED_MESSAGE } from '#app/schemas/password-reset.ts';
import { createSession } from '#app/services/auth/session-store.server.ts';
import { signIn } from '#app/services/auth/sign-in.server.ts';
import {
  requestPasswordReset,
  RESET_MAILS_PER_ACCOUNT,
  RESET_REQUESTS_PER_ADDRESS,
} from '#app/services/password-reset/request-reset.server.ts';
import { hashResetToken, issueResetLink } from '#app/services/password-reset/reset-links.server.ts';
import { writeSettings } from '#app/services/settings/settings-store.server.ts';
import { createUser } from '#app/services/users/create-user.server.ts';
import { ADMIN, makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';
import { startSmtpInbox } from '#tests/support/smtp-inbox.ts';

// The test's SMTP server listens on a loopback port the policy allows only when told to.
loadTestEnv({ SITE_URL: 'https://agency.example', SMTP_ALLOW_PRIVATE: '1', SMTP_ALLOWED_PORTS: '1024-65535' });

type Handler = Parameters<typeof callRoute>[0];
const OLD = 'first-long-password-7';
const NEW = 'brand-new-password-42';
const LINK = /https:\/\/agency\.example\/login\/reset-password\/([\w-]{43})/;

describe.each(testDialects)('password reset on $name', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpInbox>>;
  let userId: string;
  const email = 'producer@example.com';
  beforeAll(async () => {
    await dialect.open();
    smtp = await startSmtpInbox();
    await writeSettings(ADMIN, {
      email: { smtpHost: '127.0.0.1', smtpPort: smtp.port, smtpUsername: '', smtpPassword: '', fromEmail: 'studio@agency.example' },
    });
    userId = await createUser({ email, name: 'Pat Producer', password: OLD, roleId: 'editor' });
  });
  afterAll(async () => {
    await smtp.close();
    await dialect.close();
  });
  beforeEach(async () => {
    smtp.received.length = 0;
    await getDb().deleteFrom('throttles').execute();
  });

  const ask = (address: string) =>
    callRoute(forgot.action as unknown as Handler, { path: '/login/forgot-password', form: { email: address } });
  async function mailedToken(): Promise<string> {
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 10_000 });
    const match = LINK.exec(smtp.received[0]!.raw);
    expect(match).not.toBeNull();
    return match![1]!;
  }
  const resetWith = (token: string, password: string, confirm = password) =>
    callRoute(reset.action as unknown as Handler, {
      path: `/login/reset-password/${token}`,
      params: { token },
      form: { password, confirm },
    });
  const passwordWorks = async (password: string) => (await signIn({ email, password, ip: '203.0.113.9' })).ok;

  it('mails a one-hour link (only its hash stored); the reset sets the password, ends every session, revokes the API tokens and is audited', async () => {
    const sessions = [await createSession(userId, 'laptop'), await createSession(userId, 'phone')];
    await getDb()
      .insertInto('api_tokens')
      .values({
        id: 'token-1',
        user_id: userId,
        name: 'CI',
        token_hash: 'x'.repeat(64),
        prefix: 'atl_x',
        scopes: '[]',
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      })
      .execute();

    const answer = await ask(email.toUpperCase());
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ sent: true, result: undefined });
    const token = await mailedToken();
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('studio@agency.example');
    expect(mail.raw).toContain('expires in 1 hour');

    const row = await getDb().selectFrom('password_resets').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashResetToken(token));
    expect(row.token_hash).not.toContain(token);
    const ttl = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
    expect(ttl).toBe(60 * 60 * 1000);

    const page = await callRoute(reset.loader as unknown as Handler, { path: `/login/reset-password/${token}`, params: { token } });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ email });

    // The same password rules as elsewhere: refused, and the link still works afterwards.
    expect((await resetWith(token, 'password1234')).status).toBe(400);
    expect((await resetWith(token, email)).status).toBe(400);
    expect((await resetWith(token, NEW, `${NEW}x`)).status).toBe(400);
    expect(await passwordWorks(OLD)).toBe(true);

    const before = await getDb().selectFrom('sessions').select('token_hash').where('user_id', '=', userId).execute();
    expect(before.length).toBeGreaterThanOrEqual(sessions.length);
    const done = await resetWith(token, NEW);
    expect(done.status).toBe(200);
    expect(done.data).toMatchObject({ done: true });
    expect(await passwordWorks(NEW)).toBe(true);
    expect(await passwordWorks(OLD)).toBe(false);

    const remaining = await getDb().selectFrom('sessions').select('token_hash').where('user_id', '=', userId).execute();
    // Only the session the sign-in check just after the reset made: every earlier one ended.
    expect(remaining).toHaveLength(1);
    const tokenRow = await getDb().selectFrom('api_tokens').select('revoked_at').where('id', '=', 'token-1').executeTakeFirstOrThrow();
    expect(tokenRow.revoked_at).not.toBeNull();
    const audit = await getDb().selectFrom('audit_log').select(['action', 'details']).where('target_id', '=', userId).execute();
    const actions = audit.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['user.password_reset_requested', 'user.password_reset', 'token.revoked']));
    const resetEntry = audit.find((entry) => entry.action === 'user.password_reset')!;
    expect(JSON.parse(resetEntry.details)).toEqual({ sessionsEnded: before.length, tokensRevoked: 1 });
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('attack: a used link cannot be used again, not even by two requests at once', async () => {
    await ask(email);
    const token = await mailedToken();
    const [first, second] = await Promise.all([resetWith(token, 'racing-password-one-1'), resetWith(token, 'racing-password-two-2')]);
    expect([first.status, second.status].sort()).toEqual([200, 400]);
    const again = await resetWith(token, 'third-try-password-33');
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.data)).toContain('invalid, has expired or was already used');
    const page = await callRoute(reset.loader as unknown as Handler, { path: `/login/reset-password/${token}`, params: { token } });
    expect(page.status).toBe(404);
    expect(await passwordWorks('third-try-password-33')).toBe(false);
    const winner = first.status === 200 ? 'racing-password-one-1' : 'racing-password-two-2';
    expect(await passwordWorks(winner)).toBe(true);
    await resetTo(OLD);
  });

  it('attack: an expired link (older than 1 hour) is refused and changes nothing; a newer link replaces an older one', async () => {
    const expired = await issueResetLink(getDb(), userId, null, Date.now() - 61 * 60 * 1000);
    expect((await callRoute(reset.loader as unknown as Handler, { path: '/x', params: { token: expired.token } })).status).toBe(404);
    expect((await resetWith(expired.token, 'expired-link-password-1')).status).toBe(400);
    expect(await passwordWorks('expired-link-password-1')).toBe(false);
    expect(await passwordWorks(OLD)).toBe(true);

    const older = await issueResetLink(getDb(), userId, null);
    const newer = await issueResetLink(getDb(), userId, null);
    expect((await resetWith(older.token, 'older-link-password-1')).status).toBe(400);
    expect((await callRoute(reset.loader as unknown as Handler, { path: '/x', params: { token: newer.token } })).status).toBe(200);
    // Garbage and oversized tokens are just invalid.
    for (const token of ['', 'a', 'x'.repeat(5000), '../../admin']) {
      expect((await callRoute(reset.loader as unknown as Handler, { path: '/x', params: { token } })).status).toBe(404);
      expect((await resetWith(token, 'garbage-token-password-1')).status).toBe(400);
    }
  });

  it('attack: enumeration — the answer is the same for an account, an unknown address and an inactive account; only the account gets mail', async () => {
    await createUser({ email: 'gone@example.com', name: 'Gone', password: OLD, roleId: 'author', status: 'inactive' });
    const known = await ask(email);
    const unknown = await ask('nobody-here@example.com');
    const inactive = await ask('gone@example.com');
    for (const answer of [unknown, inactive]) {
      expect(answer.status).toBe(known.status);
      expect(answer.data).toEqual(known.data);
      expect([...answer.headers]).toEqual([...known.headers]);
    }
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 10_000 });
    // Give a wrongly sent mail the time to arrive before saying none came.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.map((mail) => mail.to)).toEqual([[email]]);
    expect(RESET_REQUESTED_MESSAGE).toContain('If an account uses this address');
  });

  it('attack: throttling — past 3 mails an hour to one address, the answer stays the same and nothing is sent; one network is refused past 10 requests', async () => {
    for (let i = 0; i < RESET_MAILS_PER_ACCOUNT.limit + 2; i++) {
      const answer = await requestPasswordReset({ email, ip: `198.51.100.${i + 1}` });
      expect(answer.ok).toBe(true);
      if (answer.ok) await answer.delivery;
    }
    await vi.waitFor(() => expect(smtp.received).toHaveLength(RESET_MAILS_PER_ACCOUNT.limit), { timeout: 10_000 });
    // The same limit holds for an address nobody has: it says nothing about who has an account.
    for (let i = 0; i < RESET_MAILS_PER_ACCOUNT.limit + 2; i++) {
      expect((await requestPasswordReset({ email: 'ghost@example.com', ip: `198.51.100.${50 + i}` })).ok).toBe(true);
    }

    // One address (an IPv6 /64 counts as one), whatever e-mails it names.
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS.limit; i++) {
      expect((await requestPasswordReset({ email: `someone-${i}@example.com`, ip: `2001:db8::${i + 1}` })).ok).toBe(true);
    }
    const refused = await requestPasswordReset({ email: 'someone-else@example.com', ip: '2001:db8::ffff' });
    expect(refused).toMatchObject({ ok: false, reason: 'rate-limited' });
    // Through the page: 429 with Retry-After, and nothing is mailed.
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS.limit; i++) await ask(`page-${i}@example.com`);
    const page = await ask(email);
    expect(page.status).toBe(429);
    expect(Number(page.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(JSON.stringify(page.data)).toContain('Too many reset requests');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(RESET_MAILS_PER_ACCOUNT.limit);
  });

  it('an administrator makes a reset link from the Users screen for a user they may manage, never beyond their permissions', async () => {
    const admin = await makeActor('administrator');
    const adminCookie = await sessionCookieFor(admin.id);
    const made = await callRoute(userList.action as unknown as Handler, {
      path: '/admin/users',
      cookie: adminCookie,
      form: { intent: 'reset-link', id: userId },
    });
    expect(made.status).toBe(302);
    const flashCookie = made.headers
      .getSetCookie()
      .find((line) => line.startsWith('atelier_invite='))!
      .split(';')[0]!;
    const list = await callRoute(userList.loader as unknown as Handler, { path: '/admin/users', cookie: `${adminCookie}; ${flashCookie}` });
    const { invite } = list.data as { invite: { purpose: string; link: string; email: string } };
    expect(invite).toMatchObject({ purpose: 'password-reset', email });
    const token = LINK.exec(invite.link)![1]!;
    expect((await resetWith(token, 'admin-given-password-5')).status).toBe(200);
    expect(await passwordWorks('admin-given-password-5')).toBe(true);
    const audit = await getDb()
      .selectFrom('audit_log')
      .select(['actor_id'])
      .where('action', '=', 'user.password_reset_link')
      .where('target_id', '=', userId)
      .execute();
    expect(audit.map((entry) => entry.actor_id)).toEqual([admin.id]);

    // Someone with manage_users alone may not reset an administrator, nor themselves; a pending user has an invitation instead.
    await getDb()
      .insertInto('roles')
      .values({
        id: 'people',
        name: 'People',
        description: '',
        permissions: JSON.stringify(['access_admin', 'manage_users']),
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const peopleId = await createUser({ email: 'people@example.com', name: 'People', password: OLD, roleId: 'people' });
    const peopleCookie = await sessionCookieFor(peopleId);
    const pendingId = await createUser({
      email: 'pending@example.com',
      name: 'Pending',
      password: null,
      roleId: 'contributor',
      status: 'pending',
    });
    const tries = [
      { cookie: peopleCookie, id: admin.id, status: 403, says: 'whose role has permissions you do not hold' },
      { cookie: peopleCookie, id: peopleId, status: 403, says: 'own password' },
      { cookie: adminCookie, id: pendingId, status: 400, says: 'not accepted their invitation' },
      { cookie: adminCookie, id: 'no-such-user', status: 404, says: 'no longer exists' },
    ];
    for (const attempt of tries) {
      const answer = await callRoute(userList.action as unknown as Handler, {
        path: '/admin/users',
        cookie: attempt.cookie,
        form: { intent: 'reset-link', id: attempt.id },
      });
      expect(answer.status).toBe(attempt.status);
      expect(JSON.stringify(answer.data)).toContain(attempt.says);
    }
    expect(
      await getDb().selectFrom('password_resets').select('user_id').where('user_id', 'in', [admin.id, peopleId, pendingId]).execute(),
    ).toEqual([]);
    // Someone without manage_users never reaches the action.
    const author = await makeActor('author');
    const refused = await callRoute(userList.action as unknown as Handler, {
      path: '/admin/users',
      cookie: await sessionCookieFor(author.id),
      form: { intent: 'reset-link', id: userId },
    });
    expect(refused.status).toBe(403);
    await resetTo(OLD);
  });

  async function resetTo(password: string) {
    const { token } = await issueResetLink(getDb(), userId, null);
    expect((await resetWith(token, password)).status).toBe(200);
  }
});
