import { mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';

import { getDatabaseUrl } from '#app/db/client.server.ts';
import { getEnv } from '#app/env.server.ts';
import type { Actor } from '#app/lib/permissions.ts';
import { BACKUP_SCHEDULES, type BackupSettings } from '#app/schemas/settings.ts';
import { forbidden, type Result } from '#app/services/failures.ts';
import { objectStorage } from '#app/services/media/storage.server.ts';
import { notify } from '#app/services/notifications/notifications.server.ts';
import { readSetting, writeSettings } from '#app/services/settings/settings-store.server.ts';
import { countAttempt } from '#app/services/throttles/throttles.server.ts';
import { isAdministrator } from '#app/services/users/actor.ts';

import { backupsDir, backupStore, type StoredBackup } from './backup-store.server.ts';
import { type BackupSummary, createBackup } from './create-backup.server.ts';

const SETTING = 'backups';
const DEFAULTS: BackupSettings = { schedule: 'off', keep: 7 };

export function getBackupSettings(): Promise<BackupSettings> {
  return readSetting(SETTING, DEFAULTS);
}

export const BACKUPS_ARE_FOR_ADMINISTRATORS = 'Only administrators manage backups: a backup holds every account and secret of the site.';

/** Backups are administrators' alone (not every settings manager's): a backup holds every account's secrets. */
export async function saveBackupSettings(actor: Actor, settings: BackupSettings, version?: string): Promise<Result> {
  if (!isAdministrator(actor)) return forbidden(BACKUPS_ARE_FOR_ADMINISTRATORS);
  return writeSettings(actor, { [SETTING]: settings }, undefined, version);
}

/** Where scheduled backups are kept, for Settings → Backups. */
export function backupsStoredIn(): 'folder' | 'bucket' {
  return backupStore().where === backupsDir() ? 'folder' : 'bucket';
}

/** The scheduled backups kept in DATA_DIR/backups or the bucket (BACKUP_STORAGE), newest first. */
export function listBackups(): Promise<StoredBackup[]> {
  return backupStore().list();
}

/** A file name that sorts by time: atelier-20261128T211500Z.tar.gz. */
export function backupFileName(now = new Date(), suffix = ''): string {
  return `atelier-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}${suffix}.tar.gz`;
}

/** A backup of the running site into `file`: the database it runs on (read on a connection of its own) and DATA_DIR. */
export function backupSiteTo(file: string): Promise<BackupSummary> {
  return createBackup(file, { databaseUrl: getDatabaseUrl(), dataDir: getEnv().DATA_DIR, storage: objectStorage() });
}

/**
 * Writes one scheduled backup and removes the oldest beyond the retention count. A failure is told to the
 * administrators (a notification for those who manage settings) and logged; answers the new file's name or null.
 */
export async function runScheduledBackup(now = new Date()): Promise<string | null> {
  const { keep } = await getBackupSettings();
  const name = backupFileName(now);
  const store = backupStore();
  try {
    if (backupsStoredIn() === 'folder') {
      await backupSiteTo(path.join(backupsDir(), name));
    } else {
      // Written here first (a scratch folder removed at the next start if this process dies), then into the bucket.
      const scratch = await mkdtemp(path.join(getEnv().DATA_DIR, DOWNLOAD_SCRATCH_PREFIX));
      try {
        await backupSiteTo(path.join(scratch, name));
        await store.keep(name, path.join(scratch, name));
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`Scheduled backup failed: ${reason}`);
    await notify({
      kind: 'backup_failed',
      message: `The scheduled backup failed: ${reason}`,
      permission: 'manage_settings',
      link: '/admin/settings?tab=backups',
    });
    return null;
  }
  const kept = await store.list();
  await Promise.all(kept.slice(keep).map((old) => store.remove(old.name)));
  return name;
}

/**
 * Whether a scheduled backup is due now: the schedule is on and the newest kept backup is older than its period.
 * One process of the cluster (or of several instances on one database) takes each period, by an atomic count.
 */
export async function scheduledBackupDue(now = new Date()): Promise<boolean> {
  const { schedule } = await getBackupSettings();
  const hours = BACKUP_SCHEDULES.find((entry) => entry.value === schedule)?.hours ?? 0;
  if (!hours) return false;
  const periodMs = hours * 60 * 60 * 1000;
  const [newest] = await listBackups();
  if (newest && now.getTime() - Date.parse(newest.createdAt) < periodMs) return false;
  const claim = await countAttempt(`backup:scheduled:${Math.floor(now.getTime() / periodMs)}`, { limit: 1, windowMs: periodMs });
  return claim.allowed;
}

/** Where "Download backup now" builds its archive: a scratch folder per download in DATA_DIR. */
export const DOWNLOAD_SCRATCH_PREFIX = 'download-';

/**
 * At start, before anything serves (never in a cluster's worker): removes the scratch folders of downloads a killed
 * process left behind, each a whole copy of the site. Answers how many.
 */
export async function removeStaleDownloads(): Promise<number> {
  const dataDir = getEnv().DATA_DIR;
  const stale = (await readdir(dataDir).catch(() => [] as string[])).filter((name) => name.startsWith(DOWNLOAD_SCRATCH_PREFIX));
  await Promise.all(stale.map((name) => rm(path.join(dataDir, name), { recursive: true, force: true })));
  return stale.length;
}
