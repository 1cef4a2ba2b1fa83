import dns from 'node:dns';
import net from 'node:net';

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { emailSettingsSchema } from '#app/schemas/settings.ts';
import { submitContactMessage } from '#app/services/contact/contact-messages.server.ts';
import { kickDelivery, RETRY_RULE, retryMessageNotification } from '#app/services/messages/message-mail.server.ts';
import { saveEmailSettings as saveEmail } from '#app/services/settings/settings.server.ts';
import { writeSettings } from '#app/services/settings/settings-store.server.ts';
import { testSmtpConnection } from '#app/services/settings/smtp-check.server.ts';
import { actorAs, ADMIN } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { changeTestEnv, loadTestEnv } from '#tests/support/env.ts';

loadTestEnv();

const saveEmailSettings = (form: Record<string, string>) => saveEmail(ADMIN, emailSettingsSchema.parse(form));
const email = { smtpUsername: '', smtpPassword: '', fromEmail: 'site@atelier.test' };

/** A service on a loopback port that is not a mail server: it announces itself with a banner and counts who calls. */
async function startBannerService(banner = 'SSH-2.0-OpenSSH_9.6 secret-internal-banner db-primary.internal\r\n') {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.write(banner);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function notifyRow(id: string) {
  return getDb()
    .selectFrom('messages')
    .select(['notify_state', 'notify_error', 'notify_attempts'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** A new contact message with a notification due now; answers its id. */
async function queuedMessage(subject: string) {
  const saved = await submitContactMessage({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '',
    subject,
    message: 'Hello',
    ip: `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
  });
  if (!saved.ok) throw new Error('not stored');
  return saved.id;
}

describe.each(testDialects)('one SMTP policy for saving, testing and sending on $name', (dialect) => {
  let service: Awaited<ReturnType<typeof startBannerService>>;
  beforeAll(async () => {
    await dialect.open();
    service = await startBannerService();
  });
  afterAll(async () => {
    await service.close();
    await dialect.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    changeTestEnv({});
  });

  it('refuses to save a non-mail port or a loopback, private, link-local, unique-local or metadata address', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await saveEmailSettings({ ...email, smtpHost: 'smtp.example.com', smtpPort: '587' })).toEqual({ ok: true });
    const stored = await getDb().selectFrom('settings').select('value').where('key', '=', 'email').executeTakeFirstOrThrow();

    expect(await saveEmailSettings({ ...email, smtpHost: '10.0.0.5', smtpPort: '22' })).toEqual({
      ok: false,
      reason: 'invalid',
      fieldErrors: { smtpPort: ['SMTP Port must be one of the mail ports 25, 465, 587, 2525.'] },
      formErrors: undefined,
    });
    for (const host of [
      '127.0.0.1',
      '127.9.9.9',
      'localhost',
      '10.0.0.5',
      '172.20.1.1',
      '192.168.1.10',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      '[::1]',
      '[::]',
      '[fe80::1]',
      '[fd00:ec2::254]',
      '[fc00::5]',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[64:ff9b::a00:5]',
      '[2002:a00:5::1]',
    ]) {
      const result = await saveEmailSettings({ ...email, smtpHost: host, smtpPort: '587' });
      expect(result, host).toMatchObject({ ok: false, reason: 'invalid', fieldErrors: { smtpHost: [expect.stringContaining(host)] } });
    }
    expect((await getDb().selectFrom('settings').select('value').where('key', '=', 'email').executeTakeFirstOrThrow()).value).toBe(
      stored.value,
    );

    // The environment widens the policy: a relay on this machine, another port; metadata addresses stay refused.
    changeTestEnv({ SMTP_ALLOW_PRIVATE: '1', SMTP_ALLOWED_PORTS: '2526' });
    expect(await saveEmailSettings({ ...email, smtpHost: '127.0.0.1', smtpPort: '2526' })).toEqual({ ok: true });
    expect(await saveEmailSettings({ ...email, smtpHost: '169.254.169.254', smtpPort: '25' })).toMatchObject({
      fieldErrors: { smtpHost: [expect.stringMatching(/cloud metadata/)] },
    });
    expect(await saveEmailSettings({ ...email, smtpHost: '127.0.0.1', smtpPort: '22' })).toMatchObject({
      fieldErrors: { smtpPort: ['SMTP Port must be one of the mail ports 25, 465, 587, 2525, 2526.'] },
    });
  });

  it('never connects to a private service that settings saved earlier point at, and stores a reason of its own', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Settings as an older version let them be saved: a loopback service on a port the environment allows.
    changeTestEnv({ SMTP_ALLOWED_PORTS: String(service.port) });
    await writeSettings(ADMIN, {
      email: { smtpHost: '127.0.0.1', smtpPort: service.port, smtpUsername: '', fromEmail: 'site@atelier.test' },
    });
    const id = await queuedMessage('Aimed at a private service');
    await kickDelivery();
    expect(service.connections()).toBe(0);
    expect(await notifyRow(id)).toMatchObject({
      notify_state: 'pending',
      notify_error: 'the SMTP host is on this machine or a private network',
    });
    // Test Connection follows the same policy.
    expect(await testSmtpConnection(`tester-${dialect.name}`, '127.0.0.1', service.port)).toEqual({
      ok: false,
      message: `Could not connect to 127.0.0.1:${service.port}: the SMTP host is on this machine or a private network`,
    });
    expect(service.connections()).toBe(0);
  });

  it('checks the address the name resolves to when connecting, not only when saving (DNS rebinding)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    changeTestEnv({ SMTP_ALLOWED_PORTS: String(service.port) });
    // When saved, the name points at a public address; when mail is sent, at this machine.
    vi.spyOn(dns.promises, 'lookup').mockResolvedValue([{ address: '93.184.215.14', family: 4 }] as never);
    const realLookup = dns.lookup;
    vi.spyOn(dns, 'lookup').mockImplementation(((hostname: string, options: object, callback: (...args: unknown[]) => void) =>
      hostname === 'mail.rebinding.test'
        ? callback(null, [{ address: '127.0.0.1', family: 4 }])
        : realLookup(hostname, options as dns.LookupAllOptions, callback as never)) as never);
    expect(await saveEmailSettings({ ...email, smtpHost: 'mail.rebinding.test', smtpPort: String(service.port) })).toEqual({ ok: true });
    const id = await queuedMessage('Rebound');
    await kickDelivery();
    expect(service.connections()).toBe(0);
    expect((await notifyRow(id)).notify_error).toBe('the SMTP host is on this machine or a private network');
  });

  it('with private addresses allowed, stores what failed in its own words, never what the remote end sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    changeTestEnv({ SMTP_ALLOW_PRIVATE: '1', SMTP_ALLOWED_PORTS: String(service.port) });
    await getDb().updateTable('messages').set({ notify_state: 'sent' }).where('notify_state', '=', 'pending').execute();
    expect(await saveEmailSettings({ ...email, smtpHost: '127.0.0.1', smtpPort: String(service.port) })).toEqual({ ok: true });
    const id = await queuedMessage('Banner');
    await kickDelivery();
    expect(service.connections()).toBeGreaterThan(0);
    const row = await notifyRow(id);
    expect(row.notify_error).toBe('the server did not answer as an SMTP server');
    expect(JSON.stringify(row)).not.toMatch(/SSH|OpenSSH|secret-internal|db-primary/);
  });

  it('throttles Retry per user', async () => {
    const id = await queuedMessage('Retry me');
    // Storing the message started a delivery pass in the background: let it end before the state is set by hand.
    await kickDelivery();
    const user = `retrier-${dialect.name}`;
    for (let attempt = 0; attempt < RETRY_RULE.limit; attempt++) {
      await getDb().updateTable('messages').set({ notify_state: 'failed', notify_next_at: null }).where('id', '=', id).execute();
      expect(await retryMessageNotification(actorAs('administrator', { id: user }), id)).toEqual({ ok: true });
      // The retry's delivery pass runs in the background: let it end before the next round.
      await kickDelivery();
    }
    await getDb().updateTable('messages').set({ notify_state: 'failed', notify_next_at: null }).where('id', '=', id).execute();
    expect(await retryMessageNotification(actorAs('administrator', { id: user }), id)).toMatchObject({ ok: false, reason: 'rate-limited' });
    expect(await retryMessageNotification(actorAs('administrator', { id: `${user}-colleague` }), id)).toEqual({ ok: true });
    await kickDelivery();
  });
});
