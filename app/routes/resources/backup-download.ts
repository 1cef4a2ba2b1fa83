import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

import { data } from 'react-router';

import { getEnv } from '#app/env.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { auditEvent } from '#app/services/audit/record-audit.server.ts';
import {
  backupFileName,
  BACKUPS_ARE_FOR_ADMINISTRATORS,
  backupSiteTo,
  DOWNLOAD_SCRATCH_PREFIX,
} from '#app/services/backup/backup-schedule.server.ts';
import { isAdministrator } from '#app/services/users/actor.ts';

import type { Route } from './+types/backup-download';

/**
 * POST /admin/settings/backup: Settings → Backups → "Download backup now". Writes a backup of the site (the same
 * archive as `npm run backup`) into a scratch folder in DATA_DIR and sends it as a download; a POST, so no other
 * site can make a signed-in administrator's browser start one.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'settings');
  if (!isAdministrator(user)) throw data({ message: BACKUPS_ARE_FOR_ADMINISTRATORS }, { status: 403 });
  const scratch = await mkdtemp(path.join(getEnv().DATA_DIR, DOWNLOAD_SCRATCH_PREFIX));
  const name = backupFileName(new Date(), '-download');
  const file = path.join(scratch, name);
  try {
    const summary = await backupSiteTo(file);
    await auditEvent({
      actor: user,
      action: 'backup.downloaded',
      target: { type: 'backup', id: name, label: name },
      details: { bytes: summary.bytes },
    });
    const stream = createReadStream(file);
    // The scratch folder goes once the file is sent (or the download is abandoned).
    stream.on('close', () => void rm(scratch, { recursive: true, force: true }));
    return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
      headers: {
        'Content-Type': 'application/gzip',
        'Content-Length': String(summary.bytes),
        'Content-Disposition': `attachment; filename="${name}"`,
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    console.error('Backup download failed:', error);
    throw data({ message: `The backup could not be made: ${error instanceof Error ? error.message : String(error)}` }, { status: 500 });
  }
}

export function loader() {
  throw data({ message: 'Not found' }, { status: 404 });
}
