import net from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { action as settingsRouteAction } from '#app/routes/admin/settings.tsx';
import { advancedSettingsSchema, emailSettingsSchema, generalSettingsSchema, smtpTargetSchema } from '#app/schemas/settings.ts';
import { cacheGeneration } from '#app/services/cache/html-cache.server.ts';
import { defaultSiteSettings } from '#app/services/settings/defaults.ts';
import {
  getAdvancedSettings,
  getEmailSettings,
  getSiteSettings,
  getStoredSmtpPassword,
  saveAdvancedSettings as saveAdvanced,
  saveEmailSettings as saveEmail,
  saveSiteSettings as saveSite,
} from '#app/services/settings/settings.server.ts';
import { probeSmtp, SMTP_CHECK_RULE, testSmtpConnection } from '#app/services/settings/smtp-check.server.ts';
import { getSiteShell } from '#app/services/site-shell/site-shell.server.ts';
import { ADMIN, makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { changeTestEnv, loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';

loadTestEnv();

/** The services take what the route hands them: the form as posted, read by the tab's schema. */
const saveSiteSettings = (form: Record<string, string>) => saveSite(ADMIN, generalSettingsSchema.parse(form));
const saveAdvancedSettings = (form: Record<string, string>) => saveAdvanced(ADMIN, advancedSettingsSchema.parse(form));
const saveEmailSettings = (form: Record<string, string>) => saveEmail(ADMIN, emailSettingsSchema.parse(form));

const general = {
  siteName: 'Studio North',
  showSiteName: 'on',
  tagline: 'Made well',
  logo: '/media/seed/company-logo.svg',
  language: 'de',
  timezone: 'Europe/Paris',
};
const storedRow = async (key: string) =>
  (await getDb().selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;

describe.each(testDialects)('settings on $name', (dialect) => {
  let cookie: string;
  /** Posts one of the settings forms as a signed-in administrator; a refusal answers 400 with Conform's reply. */
  const post = async (form: Record<string, string>) => {
    const answer = await callRoute(settingsRouteAction as unknown as Parameters<typeof callRoute>[0], {
      path: '/admin/settings',
      cookie,
      form,
    });
    return { status: answer.status, errors: (answer.data as { result?: { error?: Record<string, string[]> } } | null)?.result?.error };
  };
  beforeAll(async () => {
    await dialect.open();
    cookie = await sessionCookieFor((await makeActor('administrator', 'settings-admin')).id);
  });
  afterAll(() => dialect.close());

  it('saves the General tab, keeps favicon and formats, and drops the cached public pages', async () => {
    const before = cacheGeneration();
    expect(await saveSiteSettings(general)).toEqual({ ok: true });
    expect(cacheGeneration()).toBe(before + 1);
    const site = await getSiteSettings();
    expect(site).toMatchObject({
      siteName: 'Studio North',
      showSiteName: true,
      tagline: 'Made well',
      language: 'de',
      timezone: 'Europe/Paris',
    });
    expect(site).toMatchObject({ favicon: defaultSiteSettings.favicon, dateFormat: 'YYYY-MM-DD', timeFormat: '24' });
    expect((await getSiteShell()).site.siteName).toBe('Studio North');
    // An unticked checkbox is absent from the form.
    const { showSiteName: _omitted, ...unticked } = general;
    await saveSiteSettings(unticked);
    expect((await getSiteSettings()).showSiteName).toBe(false);
  });

  it('refuses bad General input with a message per field and changes nothing', async () => {
    const row = await storedRow('site');
    const before = cacheGeneration();
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ ...general, siteName: '   ' }, 'siteName', /required/],
      [{ ...general, language: 'it' }, 'language', /languages/],
      [{ ...general, timezone: 'Mars/Olympus' }, 'timezone', /timezones/],
      [{ ...general, logo: 'javascript:alert(1)' }, 'logo', /site path/],
      [{ ...general, logo: '//evil.example/logo.png' }, 'logo', /site path/],
    ];
    for (const [input, field, message] of cases) {
      const result = await post({ intent: 'general', ...input });
      expect(result.status).toBe(400);
      expect(result.errors?.[field]?.[0]).toMatch(message);
    }
    expect(await storedRow('site')).toBe(row);
    expect(cacheGeneration()).toBe(before);
    expect(await saveSiteSettings({ ...general, logo: 'https://cdn.example.com/logo.png' })).toEqual({ ok: true });
    expect(await saveSiteSettings({ ...general, logo: '' })).toEqual({ ok: true });
  });

  it('stores the Advanced tab and accepts only the offered cache durations', async () => {
    expect(await getAdvancedSettings()).toEqual({
      cacheTtl: 3600,
      maintenanceMode: false,
      debugMode: false,
      discourageSearchEngines: false,
      hideViewCounts: false,
      revisionsKept: 50,
    });
    expect(await saveAdvancedSettings({ cacheTtl: '900', maintenanceMode: 'on' })).toEqual({ ok: true });
    expect(await getAdvancedSettings()).toEqual({
      cacheTtl: 900,
      maintenanceMode: true,
      debugMode: false,
      discourageSearchEngines: false,
      hideViewCounts: false,
      revisionsKept: 50,
    });
    const refused = await post({ intent: 'advanced', cacheTtl: '42', debugMode: 'on' });
    expect(refused).toMatchObject({ status: 400, errors: { cacheTtl: [expect.stringMatching(/cache durations/)] } });
    expect(await getAdvancedSettings()).toEqual({
      cacheTtl: 900,
      maintenanceMode: true,
      debugMode: false,
      discourageSearchEngines: false,
      hideViewCounts: false,
      revisionsKept: 50,
    });
    const wrongCount = await post({ intent: 'advanced', cacheTtl: '900', revisionsKept: '-3' });
    expect(wrongCount).toMatchObject({ status: 400, errors: { revisionsKept: ['Enter a whole number from 0 (keep all) to 10000.'] } });
    expect((await getAdvancedSettings()).revisionsKept).toBe(50);
    expect(await saveAdvancedSettings({ cacheTtl: '900', maintenanceMode: 'on', revisionsKept: '7' })).toEqual({ ok: true });
    expect((await getAdvancedSettings()).revisionsKept).toBe(7);
  });

  it('keeps the stored SMTP password when the field is left empty and never returns it', async () => {
    const email = {
      smtpHost: 'smtp.example.com',
      smtpPort: '587',
      smtpUsername: 'mailer',
      smtpPassword: 's3cret!',
      fromEmail: 'noreply@example.com',
    };
    expect(await saveEmailSettings(email)).toEqual({ ok: true });
    expect(await saveEmailSettings({ ...email, smtpHost: 'mail.example.com', smtpPassword: '' })).toEqual({ ok: true });
    expect(await getStoredSmtpPassword()).toBe('s3cret!');
    const view = await getEmailSettings();
    expect(view).toEqual({
      smtpHost: 'mail.example.com',
      smtpPort: 587,
      smtpUsername: 'mailer',
      fromEmail: 'noreply@example.com',
      hasPassword: true,
    });
    expect(JSON.stringify(view)).not.toContain('s3cret');

    const row = await storedRow('email');
    for (const [input, field] of [
      [{ ...email, smtpPort: '0' }, 'smtpPort'],
      [{ ...email, smtpPort: '65536' }, 'smtpPort'],
      [{ ...email, smtpPort: 'abc' }, 'smtpPort'],
      [{ ...email, fromEmail: 'not-an-address' }, 'fromEmail'],
    ] as const) {
      const result = await post({ intent: 'email', ...input });
      expect(result.status).toBe(400);
      expect(Object.keys(result.errors ?? {})).toEqual([field]);
    }
    expect(await storedRow('email')).toBe(row);
  });

  it('Test Connection dials SMTP ports only and is rate-limited per user', async () => {
    const connections: net.Socket[] = [];
    const server = net.createServer((socket) => {
      connections.push(socket);
      socket.write('220 internal service\r\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    try {
      const refused = await testSmtpConnection('scanner', '127.0.0.1', port);
      expect(refused).toEqual({ ok: false, field: 'smtpPort', message: 'Test Connection only checks the SMTP ports 25, 465, 587, 2525.' });
      for (const other of [22, 80, 3306, 5432, 6379, port]) {
        const answer = await post({ intent: 'test-connection', smtpHost: '10.0.0.5', smtpPort: String(other) });
        expect(answer, String(other)).toMatchObject({
          status: 400,
          errors: { smtpPort: ['Test Connection only checks the SMTP ports 25, 465, 587, 2525.'] },
        });
      }
      expect(smtpTargetSchema.safeParse({ smtpHost: 'smtp.example.com', smtpPort: '587' }).success).toBe(true);
      expect(connections).toHaveLength(0);

      // 127.0.0.2:2525 has nothing listening: each try is answered at once, until the limit (loopback allowed here).
      changeTestEnv({ SMTP_ALLOW_PRIVATE: '1' });
      const user = `tester-${dialect.name}-${Date.now()}`;
      for (let attempt = 0; attempt < SMTP_CHECK_RULE.limit; attempt++) {
        expect(await testSmtpConnection(user, '127.0.0.2', 2525)).toEqual({
          ok: false,
          message: 'Could not connect to 127.0.0.2:2525: connection refused',
        });
      }
      expect(await testSmtpConnection(user, '127.0.0.2', 2525)).toMatchObject({
        ok: false,
        message: /^Too many connection tests; try again in \d+ minutes$/,
      });
      expect(await testSmtpConnection(`${user}-colleague`, '127.0.0.2', 2525)).toMatchObject({ message: /connection refused/ });
    } finally {
      changeTestEnv({});
      for (const socket of connections) socket.destroy();
      server.close();
    }
  });
});

describe('SMTP connection check', () => {
  // The probes below dial test servers on loopback ports, which the policy allows only when told to.
  beforeAll(() => changeTestEnv({ SMTP_ALLOW_PRIVATE: '1', SMTP_ALLOWED_PORTS: '1024-65535' }));
  afterAll(() => changeTestEnv({}));
  it('succeeds on a 220 greeting and reports refusals, other greetings and silence', async () => {
    const servers: net.Server[] = [];
    const sockets: net.Socket[] = [];
    const listen = async (onConnection: (socket: net.Socket) => void) => {
      const server = net.createServer((socket) => {
        sockets.push(socket);
        onConnection(socket);
      });
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as net.AddressInfo).port;
    };
    try {
      const smtp = await listen((socket) => socket.write('220-fake.test ESMTP\r\n220 ready\r\n'));
      expect(await probeSmtp('127.0.0.1', smtp)).toEqual({ ok: true });
      const http = await listen((socket) => socket.write('HTTP/1.1 400 Bad Request\r\n'));
      expect(await probeSmtp('127.0.0.1', http)).toMatchObject({ ok: false, message: /did not greet/ });
      // Whatever the remote end says is never shown back: only our own short reasons.
      const ssh = await listen((socket) => socket.write('SSH-2.0-OpenSSH_9.6 secret-internal-banner\r\n'));
      const sshResult = await probeSmtp('127.0.0.1', ssh);
      expect(sshResult).toEqual({ ok: false, message: `127.0.0.1:${ssh} did not greet as an SMTP server` });
      const chatty = await listen((socket) => socket.write('220 db-primary.internal MySQL 8.0.36 root@10.0.0.7\r\n'));
      expect(JSON.stringify(await probeSmtp('127.0.0.1', chatty))).not.toMatch(/MySQL|db-primary|10\.0\.0\.7/);
      const silent = await listen(() => undefined);
      expect(await probeSmtp('127.0.0.1', silent, 200)).toMatchObject({ ok: false, message: /within 0.2 seconds/ });
      const closed = await listen(() => undefined);
      await new Promise((resolve) => servers.pop()!.close(resolve));
      expect(await probeSmtp('127.0.0.1', closed)).toMatchObject({ ok: false, message: /connection refused/ });
    } finally {
      for (const socket of sockets) socket.destroy();
      for (const server of servers) server.close();
    }
  });
});
