import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';

import { data } from 'react-router';

import { formText, readForm } from '#app/http/form.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { multipartBoundary, MultipartError, parseMultipart } from '#app/http/multipart.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { newId } from '#app/lib/ids.ts';
import { importAfterDryRun, IMPORTS_ARE_FOR_ADMINISTRATORS, startWordPressImport } from '#app/services/import/import-runs.server.ts';
import { uploadTempDir } from '#app/services/media/storage.server.ts';
import { isAdministrator } from '#app/services/users/actor.ts';

import type { Route } from './+types/wordpress-import';

/** The largest export the screen takes (a WordPress export is text: tens of megabytes for thousands of posts). */
const MAX_EXPORT_BYTES = 200 * 1024 * 1024;
const BACK = '/admin/settings?tab=import';

class UploadRefused extends Error {}

/** Streams the "file" part to a temporary file; answers it with the form's other fields. */
async function receiveExport(request: Request): Promise<{ file: string | null; name: string; fields: Map<string, string> }> {
  const boundary = multipartBoundary(request.headers.get('Content-Type'));
  if (!boundary || !request.body) throw new UploadRefused('Choose a WordPress export file (.xml) to upload.');
  await mkdir(uploadTempDir(), { recursive: true, mode: 0o700 });
  const fields = new Map<string, string>();
  let file: string | null = null;
  let name = '';
  let size = 0;
  try {
    await parseMultipart(Readable.fromWeb(request.body as NodeWebReadableStream<Uint8Array>), boundary, (part) => {
      if (part.filename === undefined) {
        let text = '';
        return {
          write: async (chunk) => void (text += chunk.toString('utf8')),
          end: async () => void fields.set(part.name, text),
        };
      }
      if (part.name !== 'file' || file || !part.filename) return { write: async () => undefined, end: async () => undefined };
      file = path.join(uploadTempDir(), `import-upload-${newId()}`);
      name = part.filename;
      const out: WriteStream = createWriteStream(file, { flags: 'wx' });
      return {
        async write(chunk) {
          size += chunk.length;
          if (size > MAX_EXPORT_BYTES) throw new UploadRefused(`The file is larger than ${MAX_EXPORT_BYTES / 1024 / 1024} MB.`);
          if (!out.write(chunk)) await once(out, 'drain');
        },
        async end() {
          out.end();
          await once(out, 'close');
        },
        async abort() {
          out.destroy();
          await once(out, 'close').catch(() => undefined);
        },
      };
    });
  } catch (error) {
    if (file) await rm(file, { force: true });
    if (error instanceof UploadRefused) throw error;
    if (error instanceof MultipartError) throw new UploadRefused('The upload was not a readable form. Try again.');
    throw error;
  }
  if (file && size === 0) {
    await rm(file, { force: true });
    throw new UploadRefused('The file is empty.');
  }
  return { file, name, fields };
}

/**
 * POST /admin/settings/import: Settings → Import (administrators). A multipart form with the export ("file") and
 * "dryRun", or a form with intent=import and a dry run's id to import its file for real. Queues the import as a job
 * and goes back to the Import tab, where its report appears.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'settings');
  // Administrators only (an import adds users): refused before the file is read.
  if (!isAdministrator(user)) throw data({ message: IMPORTS_ARE_FOR_ADMINISTRATORS }, { status: 403 });
  try {
    if (!multipartBoundary(request.headers.get('Content-Type'))) {
      const form = await readForm(request);
      if (formText(form, 'intent') !== 'import') throw new UploadRefused('Choose a WordPress export file (.xml) to upload.');
      const result = await importAfterDryRun(user, formText(form, 'runId'));
      if (!result.ok)
        throw new UploadRefused(
          result.reason === 'invalid' ? Object.values(result.fieldErrors).flat()[0]! : (result.message ?? 'Refused.'),
        );
      return redirectWithToast(BACK, { type: 'success', message: 'Import started' });
    }
    const received = await receiveExport(request);
    if (!received.file) throw new UploadRefused('Choose a WordPress export file (.xml) to upload.');
    const dryRun = received.fields.get('dryRun') === 'on';
    const result = await startWordPressImport(user, { path: received.file, name: received.name }, { dryRun });
    if (!result.ok) throw new UploadRefused(result.message ?? 'Refused.');
    return redirectWithToast(BACK, { type: 'success', message: dryRun ? 'Dry run started' : 'Import started' });
  } catch (error) {
    if (!(error instanceof UploadRefused)) throw error;
    return redirectWithToast(BACK, { type: 'error', message: error.message });
  }
}

export function loader() {
  throw data({ message: 'Not found' }, { status: 404 });
}
