import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { loadEnv } from '#app/env.server.ts';
import * as backupFile from '#app/routes/resources/backup-file.ts';
import {
  backupsStoredIn,
  listBackups,
  runScheduledBackup,
  saveBackupSettings,
  scheduledBackupDue,
} from '#app/services/backup/backup-schedule.server.ts';
import { backupsDir } from '#app/services/backup/backup-store.server.ts';
import { S3Storage } from '#app/services/media/s3-storage.server.ts';
import { ADMIN, makeActor } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';
import { startS3Server } from '#tests/support/s3-server.ts';

type Handler = Parameters<typeof callRoute>[0];

/** GET /admin/settings/backups/<name> as a signed-in user; the body as bytes. */
async function download(userId: string, name: string) {
  const cookie = await sessionCookieFor(userId);
  const request = new Request(`http://localhost/admin/settings/backups/${name}`, { headers: { Cookie: cookie, 'User-Agent': 'test' } });
  try {
    const answer = (await (backupFile.loader as unknown as Handler)({
      request,
      params: { name },
      context: { clientIp: '127.0.0.1' },
    })) as Response;
    return { status: answer.status, headers: answer.headers, body: Buffer.from(await answer.arrayBuffer()) };
  } catch (thrown) {
    const answer = await callRoute(() => Promise.reject(thrown), { path: '/' });
    return { status: answer.status, headers: answer.headers, body: Buffer.alloc(0) };
  }
}

// Settings → Backups: kept backups downloadable by administrators; with the media in an S3-compatible bucket (or
// BACKUP_STORAGE=s3) they are kept in the bucket, shared by every instance, with the same retention and listing.
describe('kept backups, in the data folder and in an S3-compatible bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.stop();
  });

  it('refuses a bucket for backups that browsers read, and BACKUP_STORAGE=s3 without any bucket', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: tmpdir(), ...s3.env, S3_PUBLIC_URL: 'https://cdn.example.com/', MEDIA_DELIVERY: 'redirect' };
    expect(() => loadEnv(base)).toThrow(/BACKUP_S3_BUCKET: must name a bucket other than S3_BUCKET when MEDIA_DELIVERY=redirect/);
    expect(() => loadEnv({ ...base, BACKUP_S3_BUCKET: s3.env.S3_BUCKET })).toThrow(/BACKUP_S3_BUCKET/);
    expect(() => loadEnv({ ...base, BACKUP_STORAGE: 'local' })).not.toThrow();
    expect(() => loadEnv({ ...base, BACKUP_S3_BUCKET: 'atelier-backups' })).not.toThrow();
    expect(() => loadEnv({ NODE_ENV: 'test', DATA_DIR: tmpdir(), BACKUP_STORAGE: 's3' })).toThrow(/BACKUP_STORAGE: s3 needs S3_BUCKET/);
  });

  describe.each(testDialects)('on $name', (dialect) => {
    let admin: Awaited<ReturnType<typeof makeActor>>;
    let editor: Awaited<ReturnType<typeof makeActor>>;
    beforeAll(async () => {
      loadTestEnv();
      await dialect.open();
      [admin, editor] = [await makeActor('administrator'), await makeActor('editor')];
    });
    afterAll(async () => {
      await dialect.close();
    });

    it('downloads a kept backup from the data folder, for administrators only, and nothing but a kept backup', async () => {
      expect(backupsStoredIn()).toBe('folder');
      await saveBackupSettings(ADMIN, { schedule: 'daily', keep: 3 });
      const name = (await runScheduledBackup())!;
      const answer = await download(admin.id, name);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      expect(answer.body).toEqual(readFileSync(`${backupsDir()}/${name}`));
      expect((await download(editor.id, name)).status).toBe(403);
      for (const other of ['../session-secret', 'session-secret', 'atelier-20991231T000000Z.tar.gz', `${name}.partial`])
        expect((await download(admin.id, encodeURIComponent(other) && other)).status, other).toBe(404);
      const audit = await getDb()
        .selectFrom('audit_log')
        .select(['action', 'target_id'])
        .where('action', '=', 'backup.downloaded')
        .execute();
      expect(audit).toEqual([{ action: 'backup.downloaded', target_id: name }]);
    }, 180_000);

    it('keeps scheduled backups in the bucket: listed with size and date, the retention count, one schedule for every instance', async () => {
      loadTestEnv({ ...s3.env, S3_PREFIX: `${dialect.name}/` });
      expect(backupsStoredIn()).toBe('bucket');
      await getDb().deleteFrom('throttles').execute();
      await saveBackupSettings(ADMIN, { schedule: 'daily', keep: 2 });
      const names: string[] = [];
      for (const day of [1, 2, 3]) names.push((await runScheduledBackup(new Date(Date.UTC(2026, 10, day, 3, 0, 0))))!);
      expect(names.every(Boolean)).toBe(true);
      const listed = await listBackups();
      expect(listed.map((backup) => backup.name).sort()).toEqual([names[1], names[2]].sort());
      for (const backup of listed) {
        expect(backup.bytes).toBeGreaterThan(10_000);
        expect(Date.now() - Date.parse(backup.createdAt)).toBeLessThan(120_000);
      }
      // Not on this instance's disk: in the bucket, under backups/.
      expect(existsSync(backupsDir())).toBe(false);
      const bucket = new S3Storage({
        bucket: s3.env.S3_BUCKET,
        region: s3.env.S3_REGION,
        endpoint: s3.env.S3_ENDPOINT,
        accessKeyId: s3.env.S3_ACCESS_KEY_ID,
        secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: true,
        prefix: `${dialect.name}/`,
      });
      expect((await bucket.list('backups/')).map((object) => object.key).sort()).toEqual([names[1], names[2]].sort());
      expect(await bucket.stat(`backups/${names[0]}`)).toBeNull();

      // Another instance (its own data folder) sees the same backups, downloads them and counts them for the schedule.
      loadTestEnv({ ...s3.env, S3_PREFIX: `${dialect.name}/` });
      expect((await listBackups()).length).toBe(2);
      expect(await scheduledBackupDue()).toBe(false);
      const answer = await download(admin.id, names[2]!);
      expect(answer.status).toBe(200);
      expect(answer.body.length).toBe(listed.find((backup) => backup.name === names[2])!.bytes);
      expect(answer.body.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    }, 180_000);

    it('tells the administrators when a scheduled backup cannot reach the bucket', async () => {
      loadTestEnv({ ...s3.env, S3_PREFIX: `${dialect.name}/`, BACKUP_S3_BUCKET: 'no-such-bucket' });
      await getDb().deleteFrom('notifications').execute();
      expect(await runScheduledBackup()).toBeNull();
      const notices = await getDb().selectFrom('notifications').select(['kind', 'message', 'link']).execute();
      expect(notices).toEqual([
        { kind: 'backup_failed', message: expect.stringMatching(/^The scheduled backup failed: /), link: '/admin/settings?tab=backups' },
      ]);
      await expect(listBackups()).rejects.toThrow();
    }, 180_000);
  });
});
