import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import * as reset from '#app/routes/admin/account/two-factor-reset.ts';
import { listNotifications } from '#app/services/notifications/notifications.server.ts';
import { writeSettings } from '#app/services/settings/settings-store.server.ts';
import { createUser } from '#app/services/users/create-user.server.ts';
import { ADMIN } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';
import { startSmtpInbox } from '#tests/support/smtp-inbox.ts';

// The test's SMTP server listens on a loopback port the policy allows only when told to.
loadTestEnv({ SITE_URL: 'https://agency.example', SMTP_ALLOW_PRIVATE: '1', SMTP_ALLOWED_PORTS: '1024-65535' });

type Handler = Parameters<typeof callRoute>[0];

/** An enrolment as the set-up leaves it (the secret's content does not matter to a reset). */
async function enrolled(userId: string) {
  const now = new Date().toISOString();
  await getDb()
    .insertInto('two_factor')
    .values({ user_id: userId, secret: 'v1.sealed.secret.here', enabled_at: now, last_time_step: null, created_at: now })
    .execute();
}

const enrolment = (userId: string) => getDb().selectFrom('two_factor').select('user_id').where('user_id', '=', userId).executeTakeFirst();
const resets = () => getDb().selectFrom('audit_log').select(['actor_id', 'target_id']).where('action', '=', 'two_factor.reset').execute();

describe.each(testDialects)('resetting another user’s two-factor sign-in on $name', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpInbox>>;
  let managerId: string;
  let managerCookie: string;
  const post = (cookie: string, userId: string) =>
    callRoute(reset.action as unknown as Handler, {
      path: `/admin/users/${userId}/two-factor/reset`,
      params: { id: userId },
      cookie,
      form: {},
    });

  beforeAll(async () => {
    await dialect.open();
    smtp = await startSmtpInbox();
    const now = new Date().toISOString();
    // Someone trusted with people, not with the site: manage_users and nothing else.
    await getDb()
      .insertInto('roles')
      .values({
        id: 'people_manager',
        name: 'People manager',
        description: '',
        permissions: JSON.stringify(['access_admin', 'manage_users']),
        created_at: now,
        updated_at: now,
      })
      .execute();
    managerId = await createUser({ email: 'manager@example.com', name: 'Morgan Manager', password: null, roleId: 'people_manager' });
    managerCookie = await sessionCookieFor(managerId);
  });
  afterAll(async () => {
    await smtp.close();
    await dialect.close();
  });

  it('refuses a user manager who strips an administrator’s (or an editor’s) second factor: 403, nothing changes, nothing is told', async () => {
    const adminId = await createUser({ email: 'boss@example.com', name: 'Boss', password: null, roleId: 'administrator' });
    const editorId = await createUser({ email: 'ed@example.com', name: 'Ed', password: null, roleId: 'editor' });
    await enrolled(adminId);
    await enrolled(editorId);
    for (const target of [adminId, editorId]) {
      const answer = await post(managerCookie, target);
      expect(answer.status).toBe(403);
      expect(answer.data).toMatchObject({ message: 'You cannot manage a user whose role has permissions you do not hold.' });
      expect(await enrolment(target)).toBeDefined();
      expect(await listNotifications({ id: target, role: { permissions: ['access_admin'] } })).toEqual([]);
    }
    expect(await resets()).toEqual([]);
  });

  it('resets a user they may manage: the enrolment goes, the reset is audited, and the user is told in the admin and by e-mail', async () => {
    await writeSettings(ADMIN, {
      email: { smtpHost: '127.0.0.1', smtpPort: smtp.port, smtpUsername: '', smtpPassword: '', fromEmail: 'studio@agency.example' },
    });
    const contributorId = await createUser({ email: 'casey@example.com', name: 'Casey', password: null, roleId: 'contributor' });
    await enrolled(contributorId);
    const answer = await post(managerCookie, contributorId);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/admin/users/${contributorId}`);
    expect(await enrolment(contributorId)).toBeUndefined();
    expect(await resets()).toEqual([{ actor_id: managerId, target_id: contributorId }]);

    const [notice] = await listNotifications({ id: contributorId, role: { permissions: ['access_admin'] } });
    expect(notice).toMatchObject({
      kind: 'two_factor_reset',
      message: 'Morgan Manager reset your two-factor sign-in. Set it up again from My Account.',
      link: '/admin/account/two-factor',
      unread: true,
    });
    // Only the user concerned sees it, not the one who reset it.
    expect(await listNotifications({ id: managerId, role: { permissions: ['access_admin', 'manage_users'] } })).toEqual([]);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['casey@example.com']);
    expect(mail!.raw).toContain('Subject: Your two-factor sign-in on Atelier was reset');
    expect(mail!.raw).toContain('Morgan Manager reset two-factor sign-in on your Atelier account');
    expect(mail!.raw).toContain('https://agency.example/admin/account/two-factor');
  });

  it('without SMTP configured, tells the user in the admin only; an administrator may reset anyone but themselves', async () => {
    await writeSettings(ADMIN, { email: { smtpHost: '', smtpPort: null, smtpUsername: '', smtpPassword: '', fromEmail: '' } });
    const adminId = await createUser({ email: 'root@example.com', name: 'Root', password: null, roleId: 'administrator' });
    const adminCookie = await sessionCookieFor(adminId);
    const editorId = await createUser({ email: 'eddie@example.com', name: 'Eddie', password: null, roleId: 'editor' });
    await enrolled(editorId);
    await enrolled(adminId);
    const received = smtp.received.length;
    expect((await post(adminCookie, editorId)).status).toBe(302);
    expect(await enrolment(editorId)).toBeUndefined();
    expect(smtp.received).toHaveLength(received);
    expect(await listNotifications({ id: editorId, role: { permissions: ['access_admin'] } })).toHaveLength(1);
    expect((await post(adminCookie, adminId)).status).toBe(403);
    expect(await enrolment(adminId)).toBeDefined();
  });
});
