import { Readable } from 'node:stream';

import { data } from 'react-router';

import { parseRange } from '#app/lib/http-range.ts';
import { attachmentDisposition, shownInline } from '#app/services/media/media-storage.ts';
import { findServedFile, type ServedFile } from '#app/services/media/served-file.server.ts';
import { getStorage, publicObjectUrl } from '#app/services/media/storage.server.ts';

import type { Route } from './+types/media-file';

// Keys are generated once and never reused, so a file at an address never changes.
const LONG_CACHE = 'public, max-age=31536000, immutable';
// A redirect to the store is kept a day, not a year: the store's or CDN's address may change (S3_PUBLIC_URL).
const REDIRECT_CACHE = 'public, max-age=86400';

/** nosniff and same-origin resource policy come from the app-wide security headers. */
function fileHeaders(file: ServedFile, size: number, modifiedAt: Date): Headers {
  const headers = new Headers({
    'Content-Type': file.mime,
    'Cache-Control': LONG_CACHE,
    'Accept-Ranges': 'bytes',
    ETag: `"${size.toString(36)}-${modifiedAt.getTime().toString(36)}"`,
    'Last-Modified': modifiedAt.toUTCString(),
  });
  if (file.mime === 'image/svg+xml') {
    // An SVG opened on its own is a document that could run script: sandboxed, it cannot.
    headers.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox");
  }
  if (file.mime === 'application/pdf') {
    // Shown inline, but as a sandboxed document: a PDF's scripts, forms and links cannot act as our origin.
    headers.set('Content-Security-Policy', 'sandbox');
  }
  if (!shownInline(file.mime)) {
    headers.set('Content-Disposition', attachmentDisposition(file.name));
    headers.set('Content-Security-Policy', "default-src 'none'; sandbox");
  }
  return headers;
}

/**
 * GET /media/<key>: a media file from storage, with range requests for video seeking; or, with
 * MEDIA_DELIVERY=redirect, a redirect to the object at the store's public address (or its CDN, S3_PUBLIC_URL),
 * which then serves the bytes, ranges and headers itself. Either way a key no row names is a 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const key = params['*'] ?? '';
  const file = await findServedFile(key);
  const redirectTo = file ? publicObjectUrl(key) : null;
  if (redirectTo) return new Response(null, { status: 302, headers: { Location: redirectTo, 'Cache-Control': REDIRECT_CACHE } });
  const stored = file ? await getStorage().stat(key) : null;
  if (!file || !stored) throw data({ message: 'Not found' }, { status: 404 });

  const headers = fileHeaders(file, stored.size, stored.modifiedAt);
  if (request.headers.get('If-None-Match') === headers.get('ETag')) return new Response(null, { status: 304, headers });

  const range = parseRange(request.headers.get('Range'), stored.size);
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${stored.size}`);
    return new Response(null, { status: 416, headers });
  }
  if (range) {
    headers.set('Content-Range', `bytes ${range.start}-${range.end}/${stored.size}`);
    headers.set('Content-Length', String(range.end - range.start + 1));
    // A compressed partial body would no longer match the byte range.
    headers.set('Cache-Control', `${LONG_CACHE}, no-transform`);
  } else {
    headers.set('Content-Length', String(stored.size));
  }
  if (request.method === 'HEAD') return new Response(null, { status: range ? 206 : 200, headers });
  const body = Readable.toWeb(getStorage().read(key, range ?? undefined)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: range ? 206 : 200, headers });
}
