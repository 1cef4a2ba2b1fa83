import { Readable } from 'node:stream';

import busboy from 'busboy';

/** A multipart part's headers, as the sink for its body needs them. */
export interface PartInfo {
  name: string;
  /** Present for file fields (possibly ''), absent for text fields. */
  filename?: string;
  contentType: string;
}

export interface PartSink {
  write(chunk: Buffer): Promise<void>;
  end(): Promise<void>;
  /** The part was cut short: release what `write` opened (files, streams) before the parse rejects. */
  abort?(): Promise<void>;
}

export class MultipartError extends Error {}

const MAX_PARTS = 100;
const MAX_FIELD_BYTES = 64 * 1024;

/** The boundary of a multipart/form-data Content-Type, or null. */
export function multipartBoundary(contentType: string | null): string | null {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/**
 * Reads a multipart/form-data body as it arrives (busboy does the parsing),
 * handing each part's bytes, in order, to the sink `onPart` returns, so files
 * stream to disk instead of memory. A malformed body rejects with MultipartError.
 */
export function parseMultipart(
  body: AsyncIterable<Uint8Array>,
  boundary: string,
  onPart: (part: PartInfo) => PartSink | Promise<PartSink>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const source = Readable.from(body);
    const parser = busboy({
      headers: { 'content-type': `multipart/form-data; boundary="${boundary}"` },
      limits: { parts: MAX_PARTS, fieldSize: MAX_FIELD_BYTES },
      defParamCharset: 'utf8',
      // Keep the name as sent: the media service shows it, never uses it as a path.
      preservePath: true,
    });
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      source.destroy();
      // A body cut off mid-file (the client went away) leaves the part's stream waiting for bytes that never
      // come: destroying the parser ends it with the error, so the part is aborted and its file removed.
      parser.destroy(error instanceof Error ? error : new Error(String(error)));
      // Reject only once the part being handled has been aborted, so the caller's
      // clean-up never races a file still being opened or written.
      void queue.then(() => reject(error));
    };
    // Parts are handed over one at a time; busboy waits (backpressure) while a file is consumed.
    let queue = Promise.resolve();
    const enqueue = (work: () => Promise<void>) => {
      queue = queue.then(() => (failed ? undefined : work())).catch(fail);
    };

    parser.on('file', (name, stream, info) => {
      // The file's own stream fails too when the form is malformed; the parser's error says why.
      stream.on('error', () => undefined);
      enqueue(async () => {
        const sink = await onPart({ name, filename: info.filename ?? '', contentType: info.mimeType });
        try {
          for await (const chunk of stream) await sink.write(chunk as Buffer);
        } catch (error) {
          await sink.abort?.();
          throw error;
        }
        await sink.end();
      });
    });
    parser.on('field', (name, value, info) => {
      enqueue(async () => {
        if (info.valueTruncated) throw new MultipartError(`The form field "${name}" is too large.`);
        const sink = await onPart({ name, contentType: info.mimeType });
        await sink.write(Buffer.from(value));
        await sink.end();
      });
    });
    parser.on('partsLimit', () => fail(new MultipartError('The form has too many parts.')));
    parser.on('error', (error: Error) => fail(new MultipartError(`The form data is malformed: ${error.message}.`)));
    parser.on('close', () => {
      void queue.then(() => {
        if (!failed) resolve();
      });
    });
    source.on('error', fail);
    source.pipe(parser);
  });
}
