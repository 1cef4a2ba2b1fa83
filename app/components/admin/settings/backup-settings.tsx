import { getInputProps, getSelectProps } from '@conform-to/react';

import { inputClass, primaryButton } from '#app/components/ui/buttons.ts';
import { Card, Field } from '#app/components/ui/field.tsx';
import { useSchemaForm } from '#app/components/ui/use-schema-form.ts';
import { useDatePrefs } from '#app/components/use-date-prefs.ts';
import { formatFileSize } from '#app/lib/file-size.ts';
import { formatDate } from '#app/lib/format-date.ts';
import { BACKUP_SCHEDULES, type BackupSettings, backupSettingsSchema } from '#app/schemas/settings.ts';
import type { StoredBackup } from '#app/services/backup/backup-store.server.ts';

import { SettingsFormCard, type SettingsReply } from './settings-form.tsx';

export interface BackupsTabData {
  settings: BackupSettings;
  backups: StoredBackup[];
  /** Why the kept backups could not be listed (the bucket did not answer), or null. */
  listError: string | null;
  /** Where scheduled backups are kept (BACKUP_STORAGE). */
  storedIn: 'folder' | 'bucket';
}

/** Settings → Backups: a backup to download now, the schedule with its retention count, and the kept backups. */
export function BackupSettingsPanel({ data, lastResult }: { data: BackupsTabData; lastResult: SettingsReply }) {
  const [form, fields] = useSchemaForm(backupSettingsSchema, { id: 'settings-backups', lastResult, defaultValue: data.settings });
  const datePrefs = useDatePrefs();
  return (
    <div className="space-y-6">
      {/* A plain form: the answer is a file the browser saves, and the page stays. */}
      <form method="post" action="/admin/settings/backup" aria-label="Download backup">
        <Card title="Download Backup">
          <p className="text-sm text-gray-600">
            One archive of the whole site: every table of the database (as JSON lines), every uploaded file and its variants, and a manifest
            with checksums. Restore it with <code>npm run restore</code> into SQLite or PostgreSQL. It holds password hashes: keep it
            private.
          </p>
          <button type="submit" className={primaryButton}>
            Download backup now
          </button>
        </Card>
      </form>
      <SettingsFormCard form={form} intent="backups" label="Scheduled backups" title="Scheduled Backups" saveLabel="Save Backup Settings">
        <Field id={fields.schedule.id} label="Schedule" error={fields.schedule.errors?.[0]}>
          <select {...getSelectProps(fields.schedule)} className={`${inputClass} sm:max-w-xs`}>
            {BACKUP_SCHEDULES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id={fields.keep.id} label="Backups to keep" error={fields.keep.errors?.[0]}>
          <input {...getInputProps(fields.keep, { type: 'number' })} className={`${inputClass} sm:max-w-32`} />
        </Field>
        <p className="text-xs text-gray-600">
          {data.storedIn === 'bucket'
            ? 'Written into the object store (shared by every instance); the oldest beyond this count are removed.'
            : "Written into the data folder's backups directory; the oldest beyond this count are removed."}
        </p>
      </SettingsFormCard>
      <Card title="Kept Backups">
        {data.listError ? (
          <p role="alert" className="text-sm text-red-700">
            The kept backups could not be listed: {data.listError}
          </p>
        ) : data.backups.length ? (
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-gray-200 text-gray-600">
                <th className="py-2 pr-3 font-medium">File</th>
                <th className="py-2 pr-3 font-medium">Size</th>
                <th className="py-2 pr-3 font-medium">Date</th>
                <th className="py-2 font-medium">
                  <span className="sr-only">Download</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.backups.map((backup) => (
                <tr key={backup.name} className="border-b border-gray-100">
                  <td className="py-2 pr-3 font-mono text-xs break-all">{backup.name}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{formatFileSize(backup.bytes)}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    <time dateTime={backup.createdAt}>{formatDate(backup.createdAt, 'en', datePrefs, { time: true })}</time>
                  </td>
                  <td className="py-2 text-right">
                    {/* A file the browser saves: a plain link, not a client-side navigation. */}
                    <a
                      href={`/admin/settings/backups/${backup.name}`}
                      download
                      className="font-medium text-blue-700 hover:underline"
                      aria-label={`Download ${backup.name}`}
                    >
                      Download
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-sm text-gray-600">No scheduled backup yet.</p>
        )}
      </Card>
    </div>
  );
}
