import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';

import { MultipartError, parseMultipart, type PartSink } from '#app/http/multipart.server.ts';
import { displayFileName } from '#app/lib/file-names.ts';
import { formatFileSize } from '#app/lib/file-size.ts';
import { newId } from '#app/lib/ids.ts';
import type { MediaItem } from '#app/lib/media-item.ts';
import { MediaInputError } from '#app/services/media/media-input-error.ts';
import { deleteMedia } from '#app/services/media/media-library.server.ts';
import { uploadTempDir } from '#app/services/media/storage.server.ts';
import { createMediaFromFile, type ReceivedFile } from '#app/services/media/upload-media.server.ts';

/** One upload request stores at most this many files: each may be an image to decode. */
export const MAX_FILES_PER_UPLOAD = 20;

/** Closes a write stream without flushing it, once its file is open, and waits until it is closed. */
async function discard(out: WriteStream): Promise<void> {
  // Writes may still be in flight: their errors after destroy() are expected and ignored.
  out.on('error', () => undefined);
  if (out.closed) return;
  const closed = once(out, 'close');
  out.destroy();
  await closed;
}

/** Streams one file part into a temporary file, stopping (but still reading) once it passes the limit. */
function tempFileSink(file: string, maxBytes: number, onDone: (size: number, tooLarge: boolean) => void): PartSink {
  let out: WriteStream | null = createWriteStream(file, { flags: 'wx' });
  let size = 0;
  let tooLarge = false;
  return {
    async write(chunk) {
      size += chunk.length;
      if (tooLarge) return;
      if (size > maxBytes) {
        tooLarge = true;
        const closing = out!;
        out = null;
        await discard(closing);
        return;
      }
      if (!out!.write(chunk)) await once(out!, 'drain');
    },
    async end() {
      if (out) {
        out.end();
        await once(out, 'close');
      }
      onDone(size, tooLarge);
    },
    async abort() {
      if (out) await discard(out);
      out = null;
    },
  };
}

/**
 * Receives a multipart upload (field "file", one or more) and stores every
 * file as a media item. All or nothing: a refused file (too large, wrong
 * content) refuses the request, and what was already stored for it is
 * removed. Temporary files never outlive the request.
 */
export async function receiveUpload(
  body: AsyncIterable<Uint8Array>,
  boundary: string,
  maxBytes: number,
  options: { uploadedBy?: string | null } = {},
): Promise<MediaItem[]> {
  const tempDir = uploadTempDir();
  await mkdir(tempDir, { recursive: true, mode: 0o700 });
  const temps: string[] = [];
  const files: ReceivedFile[] = [];
  const oversized: string[] = [];
  const created: MediaItem[] = [];
  let tooMany = false;
  try {
    try {
      await parseMultipart(body, boundary, (part) => {
        // A text field, or a file input left empty.
        if (!part.filename) return discardSink;
        if (temps.length >= MAX_FILES_PER_UPLOAD) {
          tooMany = true;
          return discardSink;
        }
        const temp = path.join(tempDir, `${newId()}.upload`);
        temps.push(temp);
        return tempFileSink(temp, maxBytes, (size, tooLarge) => {
          if (tooLarge) oversized.push(part.filename!);
          else files.push({ path: temp, name: part.filename!, claimedMime: part.contentType, size });
        });
      });
    } catch (error) {
      if (error instanceof MultipartError) throw new MediaInputError(error.message, 400);
      throw error;
    }
    if (tooMany) throw new MediaInputError(`Upload at most ${MAX_FILES_PER_UPLOAD} files at a time.`, 413);
    if (oversized.length) {
      throw new MediaInputError(`"${displayFileName(oversized[0]!)}" is larger than the upload limit of ${formatFileSize(maxBytes)}.`, 413);
    }
    if (!files.length) throw new MediaInputError('Choose at least one file to upload.', 400);
    for (const file of files) {
      if (file.size === 0) throw new MediaInputError(`"${displayFileName(file.name)}" is empty.`, 400);
      created.push(await createMediaFromFile(file, { uploadedBy: options.uploadedBy ?? null }));
    }
    return created;
  } catch (error) {
    await deleteMedia(created.map((item) => item.id)).catch(() => undefined);
    throw error;
  } finally {
    await Promise.all(temps.map((temp) => rm(temp, { force: true })));
  }
}

/** Text fields are not used by the upload (the parser bounds their size); they are dropped. */
const discardSink: PartSink = {
  async write() {},
  async end() {},
};
