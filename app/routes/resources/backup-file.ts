import { Readable } from 'node:stream';

import { data } from 'react-router';

import { requireScreen } from '#app/http/guard.server.ts';
import { auditEvent } from '#app/services/audit/record-audit.server.ts';
import { BACKUPS_ARE_FOR_ADMINISTRATORS } from '#app/services/backup/backup-schedule.server.ts';
import { backupStore } from '#app/services/backup/backup-store.server.ts';
import { isAdministrator } from '#app/services/users/actor.ts';

import type { Route } from './+types/backup-file';

/**
 * GET /admin/settings/backups/<name>: Settings → Backups → a kept backup, downloaded from DATA_DIR/backups or the
 * bucket (BACKUP_STORAGE) through Atelier, for administrators only. Only names of kept backups are read.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireScreen(request, 'settings');
  if (!isAdministrator(user)) throw data({ message: BACKUPS_ARE_FOR_ADMINISTRATORS }, { status: 403 });
  const store = backupStore();
  const name = params.name;
  const bytes = await store.size(name);
  if (bytes === null) throw data({ message: 'There is no kept backup of that name.' }, { status: 404 });
  await auditEvent({ actor: user, action: 'backup.downloaded', target: { type: 'backup', id: name, label: name }, details: { bytes } });
  return new Response(Readable.toWeb(store.read(name)) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': 'application/gzip',
      'Content-Length': String(bytes),
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
