import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as userEdit from '#app/routes/admin/users/edit.tsx';
import * as userList from '#app/routes/admin/users/list.tsx';
import { writeSettings } from '#app/services/settings/settings-store.server.ts';
import { ADMIN, makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';
import { startSmtpInbox } from '#tests/support/smtp-inbox.ts';

// The test's SMTP server listens on a loopback port the policy allows only when told to.
loadTestEnv({ SITE_URL: 'https://agency.example', SMTP_ALLOW_PRIVATE: '1', SMTP_ALLOWED_PORTS: '1024-65535' });

type Handler = Parameters<typeof callRoute>[0];
function inviteCookieOf(setCookie: string | null): string {
  return (setCookie ?? '')
    .split(/,(?=\s*atelier_)/)
    .find((line) => line.trim().startsWith('atelier_invite='))!
    .trim()
    .split(';')[0]!;
}

describe.each(testDialects)('invitation mail on $name', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpInbox>>;
  let cookie: string;
  beforeAll(async () => {
    await dialect.open();
    smtp = await startSmtpInbox();
    cookie = await sessionCookieFor((await makeActor('administrator')).id);
  });
  afterAll(async () => {
    await smtp.close();
    await dialect.close();
  });

  it('without SMTP configured, sends nothing and says so beside the copyable link', async () => {
    const made = await callRoute(userEdit.action as unknown as Handler, {
      path: '/admin/users/new',
      cookie,
      form: { email: 'quiet@example.com', name: 'Quiet', role: 'author' },
    });
    const list = await callRoute(userList.loader as unknown as Handler, {
      path: '/admin/users',
      cookie: `${cookie}; ${inviteCookieOf(made.headers.get('Set-Cookie'))}`,
    });
    expect((list.data as { invite: { emailed: boolean; note: string } }).invite).toMatchObject({
      emailed: false,
      note: expect.stringContaining('No SMTP server is configured'),
    });
    expect(smtp.received).toHaveLength(0);
  });

  it('e-mails the invitation link through the configured SMTP server, and re-sends a fresh one', async () => {
    await writeSettings(ADMIN, {
      email: { smtpHost: '127.0.0.1', smtpPort: smtp.port, smtpUsername: '', smtpPassword: '', fromEmail: 'studio@agency.example' },
    });
    const made = await callRoute(userEdit.action as unknown as Handler, {
      path: '/admin/users/new',
      cookie,
      form: { email: 'mailed@example.com', name: 'Mailed Person', role: 'author' },
    });
    expect(made.status).toBe(302);
    const list = await callRoute(userList.loader as unknown as Handler, {
      path: '/admin/users?q=mailed',
      cookie: `${cookie}; ${inviteCookieOf(made.headers.get('Set-Cookie'))}`,
    });
    const { invite, list: users } = list.data as { invite: { link: string; emailed: boolean }; list: { items: { id: string }[] } };
    expect(invite.emailed).toBe(true);
    expect(invite.link).toMatch(/^https:\/\/agency\.example\/invite\/[\w-]{40,}$/);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toBe('studio@agency.example');
    expect(mail!.to).toEqual(['mailed@example.com']);
    expect(mail!.raw.replace(/=\r?\n/g, '')).toContain(invite.link);
    expect(mail!.raw).toContain('Mailed Person');

    const resent = await callRoute(userList.action as unknown as Handler, {
      path: '/admin/users',
      cookie,
      form: { intent: 'resend', id: users.items[0]!.id },
    });
    expect(resent.status).toBe(302);
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[1]!.raw.replace(/=\r?\n/g, '')).not.toContain(invite.link);
  });
});
