import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import * as backupDownload from '#app/routes/resources/backup-download.ts';
import {
  listBackups,
  removeStaleDownloads,
  runScheduledBackup,
  saveBackupSettings,
  scheduledBackupDue,
} from '#app/services/backup/backup-schedule.server.ts';
import { backupsDir } from '#app/services/backup/backup-store.server.ts';
import { createUser } from '#app/services/users/create-user.server.ts';
import { ADMIN } from '#tests/support/actors.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { callRoute, sessionCookieFor } from '#tests/support/route-call.ts';

loadTestEnv();

describe.each(testDialects)('scheduled backups on $name', (dialect) => {
  beforeAll(async () => {
    await dialect.open();
  });
  afterAll(async () => {
    await dialect.close();
  });
  beforeEach(async () => {
    rmSync(backupsDir(), { recursive: true, force: true });
    await getDb().deleteFrom('throttles').execute();
  });

  it('writes nothing while the schedule is off; when on, one backup per period, taken by one process only', async () => {
    await saveBackupSettings(ADMIN, { schedule: 'off', keep: 3 });
    expect(await scheduledBackupDue()).toBe(false);
    await saveBackupSettings(ADMIN, { schedule: 'daily', keep: 3 });
    // Two processes asking at the same moment: one takes the period.
    const answers = await Promise.all([scheduledBackupDue(), scheduledBackupDue()]);
    expect(answers.sort()).toEqual([false, true]);
    const name = await runScheduledBackup();
    expect(name).toMatch(/^atelier-\d{8}T\d{6}Z\.tar\.gz$/);
    const [listed] = await listBackups();
    expect(listed).toMatchObject({ name, bytes: expect.any(Number) });
    expect(listed!.bytes).toBeGreaterThan(100_000);
    // A fresh backup exists: nothing is due until the period has passed.
    await getDb().deleteFrom('throttles').execute();
    expect(await scheduledBackupDue()).toBe(false);
    expect(await scheduledBackupDue(new Date(Date.now() + 25 * 60 * 60 * 1000))).toBe(true);
  }, 60_000);

  it('keeps backups to administrators: a settings manager can neither change the schedule nor download the site', async () => {
    // A role with manage_settings but not every permission: a backup would hand it every account's secrets.
    const permissions = ['access_admin', 'manage_settings'];
    const now = new Date().toISOString();
    await getDb()
      .insertInto('roles')
      .values({
        id: 'site-manager',
        name: 'Site manager',
        description: '',
        permissions: JSON.stringify(permissions),
        created_at: now,
        updated_at: now,
      })
      .execute();
    const manager = {
      id: await createUser({ email: 'site-manager@example.com', name: 'Site manager', password: null, roleId: 'site-manager' }),
      name: 'Site manager',
      role: { id: 'site-manager', permissions },
    };
    const before = await getDb().selectFrom('settings').select(['key', 'value']).where('key', '=', 'backups').execute();
    expect(await saveBackupSettings(manager, { schedule: 'daily', keep: 50 })).toMatchObject({ ok: false, reason: 'forbidden' });
    expect(await getDb().selectFrom('settings').select(['key', 'value']).where('key', '=', 'backups').execute()).toEqual(before);
    const answer = await callRoute(backupDownload.action as unknown as Parameters<typeof callRoute>[0], {
      path: '/admin/settings/backup',
      method: 'POST',
      cookie: await sessionCookieFor(manager.id),
      form: {},
    });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('Content-Disposition')).toBeNull();
    expect(existsSync(backupsDir()) ? (await listBackups()).length : 0).toBe(0);
  });

  it('keeps only the retention count, newest first', async () => {
    await saveBackupSettings(ADMIN, { schedule: 'daily', keep: 2 });
    const names = [];
    for (const day of [1, 2, 3]) {
      names.push(await runScheduledBackup(new Date(Date.UTC(2026, 10, day, 3, 0, 0))));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await listBackups()).map((backup) => backup.name)).toEqual([names[2], names[1]]);
    expect(existsSync(path.join(backupsDir(), names[0]!))).toBe(false);
  }, 60_000);

  it('at start, removes the scratch folders of downloads a killed process left behind', async () => {
    const dataDir = path.dirname(backupsDir());
    mkdirSync(path.join(dataDir, 'download-abc123'), { recursive: true });
    writeFileSync(path.join(dataDir, 'download-abc123', 'atelier-20261128T030000Z-download.tar.gz'), 'half an archive');
    expect(await removeStaleDownloads()).toBe(1);
    expect(existsSync(path.join(dataDir, 'download-abc123'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'session-secret'))).toBe(true);
  });

  it('tells the administrators when a scheduled backup fails', async () => {
    await saveBackupSettings(ADMIN, { schedule: 'daily', keep: 2 });
    // The backups folder cannot be made: a file stands in its place.
    mkdirSync(path.dirname(backupsDir()), { recursive: true });
    writeFileSync(backupsDir(), 'not a folder');
    try {
      expect(await runScheduledBackup()).toBeNull();
    } finally {
      rmSync(backupsDir(), { force: true });
    }
    const [notice] = await getDb()
      .selectFrom('notifications')
      .select(['kind', 'message', 'permission', 'link'])
      .where('kind', '=', 'backup_failed')
      .execute();
    expect(notice).toMatchObject({
      kind: 'backup_failed',
      message: expect.stringMatching(/^The scheduled backup failed: /),
      permission: 'manage_settings',
      link: '/admin/settings?tab=backups',
    });
  });
});
