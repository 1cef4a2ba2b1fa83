import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';

import { data } from 'react-router';

import { getEnv } from '#app/env.server.ts';
import { requireScreen } from '#app/http/guard.server.ts';
import { multipartBoundary } from '#app/http/multipart.server.ts';
import { receiveUpload } from '#app/http/receive-upload.server.ts';
import { redirectWithToast } from '#app/http/toast.server.ts';
import { MediaInputError } from '#app/services/media/media-input-error.ts';

import type { Route } from './+types/media-upload';

/** Scripts (the library's and the picker's uploaders) ask for JSON; a plain form post gets a redirect with a toast. */
function wantsJson(request: Request): boolean {
  return (request.headers.get('Accept') ?? '').includes('application/json');
}

/**
 * POST /admin/media/upload: multipart/form-data with one or more "file"
 * fields, streamed to disk. Answers 201 with the new items, or the refusal's
 * status (400, 413, 415, 422) with a message.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireScreen(request, 'media');
  const json = wantsJson(request);
  try {
    if (request.method !== 'POST') throw new MediaInputError('Use POST to upload files.', 400);
    const boundary = multipartBoundary(request.headers.get('Content-Type'));
    if (!boundary || !request.body) throw new MediaInputError('Send the files as multipart/form-data.', 415);
    const body = Readable.fromWeb(request.body as NodeWebReadableStream<Uint8Array>);
    const items = await receiveUpload(body, boundary, getEnv().UPLOAD_MAX_BYTES, { uploadedBy: user.id });
    if (json) return data({ items }, { status: 201 });
    return redirectWithToast('/admin/media', { type: 'success', message: 'Files uploaded successfully' });
  } catch (error) {
    if (!(error instanceof MediaInputError)) throw error;
    if (json) return data({ message: error.message }, { status: error.status });
    return redirectWithToast('/admin/media', { type: 'error', message: error.message });
  }
}

export function loader() {
  throw data({ message: 'Not found' }, { status: 404 });
}
