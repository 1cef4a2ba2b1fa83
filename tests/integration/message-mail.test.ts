import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { emailSettingsSchema } from '#app/schemas/settings.ts';
import { submitContactMessage } from '#app/services/contact/contact-messages.server.ts';
import {
  deliverDueNotifications,
  kickDelivery,
  NOTIFY_MAX_ATTEMPTS,
  retryMessageNotification,
} from '#app/services/messages/message-mail.server.ts';
import { countFailedNotifications, openMessage } from '#app/services/messages/messages.server.ts';
import { saveEmailSettings as saveEmail } from '#app/services/settings/settings.server.ts';
import { actorAs, ADMIN } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { startSmtpInbox } from '#tests/support/smtp-inbox.ts';

// The test's SMTP server listens on a loopback port the policy allows only when told to.
loadTestEnv({ SMTP_ALLOW_PRIVATE: '1', SMTP_ALLOWED_PORTS: '1024-65535' });

/** The Email tab as the route hands it to the service, read by its schema. */
const saveEmailSettings = (form: Record<string, string>) => saveEmail(ADMIN, emailSettingsSchema.parse(form));

const visitor = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 1234 5678',
  subject: 'A new site',
  message: 'Hello\nWe need a site.',
};

async function notifyState(id: string) {
  return getDb()
    .selectFrom('messages')
    .select(['notify_state', 'notify_attempts', 'notify_error', 'notify_next_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe.each(testDialects)('new-message mail on $name', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpInbox>>;
  let ip = 0;
  const nextIp = () => `192.0.2.${++ip}`;
  beforeAll(async () => {
    await dialect.open();
    smtp = await startSmtpInbox();
  });
  afterAll(async () => {
    await smtp.close();
    await dialect.close();
  });
  beforeEach(() => {
    smtp.state.failNext = 0;
    smtp.received.length = 0;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('without SMTP settings a message is stored with no notification', async () => {
    const saved = await submitContactMessage({ ...visitor, ip: nextIp() });
    if (!saved.ok) throw new Error('not stored');
    expect((await notifyState(saved.id)).notify_state).toBe('none');
  });

  it('with SMTP configured, mails the contact email in the background, Reply-To the sender', async () => {
    expect(
      await saveEmailSettings({
        smtpHost: '127.0.0.1',
        smtpPort: String(smtp.port),
        smtpUsername: '',
        smtpPassword: '',
        fromEmail: 'site@atelier.test',
      }),
    ).toEqual({ ok: true });
    const saved = await submitContactMessage({ ...visitor, ip: nextIp() });
    if (!saved.ok) throw new Error('not stored');
    await kickDelivery();
    await vi.waitFor(async () => expect((await notifyState(saved.id)).notify_state).toBe('sent'), { timeout: 10_000 });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(['hello@atelier.agency']);
    expect(mail?.from).toBe('site@atelier.test');
    expect(mail?.raw).toMatch(/Reply-To: ada@example\.com/i);
    expect(mail?.raw).toContain('Subject: New message from Ada Lovelace: A new site');
    expect(mail?.raw).toContain('We need a site.');
    expect(mail?.raw).toContain(`/admin/messages/${saved.id}`);
  });

  it('spam is never mailed', async () => {
    const saved = await submitContactMessage({ ...visitor, ip: nextIp(), spamReason: 'The hidden honeypot field was filled in.' });
    if (!saved.ok) throw new Error('not stored');
    expect((await notifyState(saved.id)).notify_state).toBe('none');
  });

  it('a refused send is retried later and then delivered', async () => {
    smtp.state.failNext = 1;
    const saved = await submitContactMessage({ ...visitor, subject: 'Retry me', ip: nextIp() });
    if (!saved.ok) throw new Error('not stored');
    await kickDelivery();
    await vi.waitFor(async () => expect((await notifyState(saved.id)).notify_attempts).toBe(1), { timeout: 10_000 });
    const after = await notifyState(saved.id);
    expect(after.notify_state).toBe('pending');
    expect(after.notify_error).toBe('the server refused the message (451)');
    expect(Date.parse(after.notify_next_at!)).toBeGreaterThan(Date.now() + 10_000);
    // Not due yet: nothing is sent.
    expect(await deliverDueNotifications()).toBe(0);
    // Due once its back-off has passed.
    expect(await deliverDueNotifications(Date.now() + 60_000)).toBe(1);
    expect(await notifyState(saved.id)).toMatchObject({ notify_state: 'sent', notify_error: '' });
    expect(smtp.received.map((mail) => mail.raw.includes('Retry me'))).toEqual([true]);
  });

  it('gives up after the last attempt, logs it, keeps the message and shows the failure in the inbox; Retry queues it again', async () => {
    await getDb().updateTable('messages').set({ notify_state: 'sent' }).where('notify_state', '=', 'pending').execute();
    smtp.state.failNext = NOTIFY_MAX_ATTEMPTS;
    const saved = await submitContactMessage({ ...visitor, subject: 'Doomed', ip: nextIp() });
    if (!saved.ok) throw new Error('not stored');
    await kickDelivery();
    let clock = Date.now();
    for (let attempt = 1; attempt < NOTIFY_MAX_ATTEMPTS; attempt++) {
      clock += 2 * 60 * 60_000;
      await deliverDueNotifications(clock);
    }
    const failed = await notifyState(saved.id);
    expect(failed).toMatchObject({ notify_state: 'failed', notify_attempts: NOTIFY_MAX_ATTEMPTS, notify_next_at: null });
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('giving up'));
    expect(await countFailedNotifications()).toBe(1);
    const opened = await openMessage(saved.id);
    expect(opened.ok && opened.message).toMatchObject({ notifyState: 'failed', body: visitor.message });
    expect(opened.ok && opened.message.notifyError).toBe('the server refused the message (451)');

    expect(await retryMessageNotification(actorAs('administrator', { id: 'retrying-admin' }), saved.id)).toEqual({ ok: true });
    await kickDelivery();
    await vi.waitFor(async () => expect((await notifyState(saved.id)).notify_state).toBe('sent'), { timeout: 10_000 });
    expect(await countFailedNotifications()).toBe(0);
  });

  it('an unreachable server fails the attempt without throwing into the request', async () => {
    // Port 2525 of 127.0.0.2: nothing listens there.
    await saveEmailSettings({
      smtpHost: '127.0.0.2',
      smtpPort: '2525',
      smtpUsername: '',
      smtpPassword: '',
      fromEmail: 'site@atelier.test',
    });
    const saved = await submitContactMessage({ ...visitor, ip: nextIp() });
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    await kickDelivery();
    await vi.waitFor(async () => expect((await notifyState(saved.id)).notify_attempts).toBe(1), { timeout: 15_000 });
    expect((await notifyState(saved.id)).notify_error).toBe('connection refused');
  });
});
