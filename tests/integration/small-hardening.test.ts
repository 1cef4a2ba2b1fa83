import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { openSqlite } from '#app/db/dialect.server.ts';
import { loadEnv } from '#app/env.server.ts';
import { receiveUpload } from '#app/http/receive-upload.server.ts';
import { loader as mediaFile } from '#app/routes/resources/media-file.ts';
import { emailSettingsSchema } from '#app/schemas/settings.ts';
import { getEmailSettings, getStoredSmtpPassword, saveEmailSettings as saveEmail } from '#app/services/settings/settings.server.ts';
import { writeSettings } from '#app/services/settings/settings-store.server.ts';
import { ADMIN } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { multipartBody } from '#tests/support/uploads.ts';

/** The Email tab as the route hands it to the service, read by its schema. */
const saveEmailSettings = (form: Record<string, string>) => saveEmail(ADMIN, emailSettingsSchema.parse(form));

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const mode = (file: string) => statSync(file).mode & 0o777;
const storedEmailRow = async () =>
  (await getDb().selectFrom('settings').select('value').where('key', '=', 'email').executeTakeFirst())?.value ?? '';
const email = { smtpHost: 'smtp.example.com', smtpPort: '587', smtpUsername: 'mailer', fromEmail: 'noreply@example.com' };

describe('files holding secrets', () => {
  it('creates DATA_DIR 0700, its session secret 0600 and a new SQLite database 0600, whatever the umask', () => {
    const previous = process.umask(0o022);
    try {
      const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'atelier-modes-')), 'data', 'nested');
      const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir });
      expect(mode(env.DATA_DIR)).toBe(0o700);
      expect(mode(path.join(env.DATA_DIR, 'session-secret'))).toBe(0o600);
      const file = path.join(env.DATA_DIR, 'atelier.sqlite');
      const handle = openSqlite(file);
      expect(mode(file)).toBe(0o600);
      void handle.db.destroy();
    } finally {
      process.umask(previous);
      loadTestEnv();
    }
  });
});

describe.each(testDialects)('small hardening on $name', (dialect) => {
  beforeAll(async () => {
    loadTestEnv({ SESSION_SECRET: 'a-session-secret-of-at-least-32-characters!' });
    await dialect.open();
  });
  afterAll(() => dialect.close());

  it('serves an uploaded PDF inline under a sandboxing Content-Security-Policy', async () => {
    const { boundary, body } = multipartBody([{ name: 'brochure.pdf', type: 'application/pdf', data: PDF }]);
    const [item] = await receiveUpload(body, boundary, 1_000_000);
    const key = item!.url.replace('/media/', '');
    const response = (await mediaFile({
      request: new Request(`http://localhost${item!.url}`),
      params: { '*': key },
      context: {},
    } as unknown as Parameters<typeof mediaFile>[0])) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect(response.headers.get('Content-Security-Policy')).toBe('sandbox');
    expect(response.headers.get('Content-Disposition')).toBeNull();
    await response.body?.cancel();
  });

  it('stores the SMTP password encrypted, reads a clear one from before and encrypts it on the next save', async () => {
    expect(await saveEmailSettings({ ...email, smtpPassword: 'correct horse battery staple' })).toEqual({ ok: true });
    const row = await storedEmailRow();
    expect(row).not.toContain('correct horse');
    expect(row).not.toContain('smtpPassword"');
    expect(JSON.parse(row).smtpPasswordSealed).toMatch(/^v1\./);
    expect(await getStoredSmtpPassword()).toBe('correct horse battery staple');
    expect(await getEmailSettings()).toMatchObject({ hasPassword: true });
    // Sealing is randomised: saving the same password again gives other bytes.
    await saveEmailSettings({ ...email, smtpPassword: 'correct horse battery staple' });
    expect(await storedEmailRow()).not.toBe(row);

    // A row written by an older version, password in the clear: still used, and sealed by the next save.
    await writeSettings(ADMIN, { email: { ...email, smtpPort: 587, smtpPassword: 'legacy-clear-password' } });
    expect(await getStoredSmtpPassword()).toBe('legacy-clear-password');
    expect(await getEmailSettings()).toMatchObject({ hasPassword: true });
    expect(await saveEmailSettings({ ...email, smtpHost: 'mail.example.com', smtpPassword: '' })).toEqual({ ok: true });
    expect(await storedEmailRow()).not.toContain('legacy-clear-password');
    expect(await getStoredSmtpPassword()).toBe('legacy-clear-password');

    // Under another SESSION_SECRET the sealed password cannot be opened: it reads as none, never as garbage.
    loadTestEnv({ SESSION_SECRET: 'another-session-secret-of-32-characters!!' });
    try {
      expect(await getStoredSmtpPassword()).toBe('');
      expect(await getEmailSettings()).toMatchObject({ hasPassword: false });
    } finally {
      loadTestEnv({ SESSION_SECRET: 'a-session-secret-of-at-least-32-characters!' });
    }
  });
});
