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
}

export class MultipartError extends Error {}

const MAX_HEADER_BYTES = 16 * 1024;
const MAX_PARTS = 100;

/** The boundary of a multipart/form-data Content-Type, or null. */
export function multipartBoundary(contentType: string | null): string | null {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

function headerParameter(header: string, name: string): string | undefined {
  const extended = new RegExp(`;\\s*${name}\\*=(?:UTF-8|utf-8)''([^;]*)`).exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!);
    } catch {
      return extended[1];
    }
  }
  // Browsers send quotes in names as %22 and backslashes as they are (a Windows path stays a path).
  const match = new RegExp(`;\\s*${name}="([^"]*)"|;\\s*${name}=([^;\\s]*)`, 'i').exec(header);
  if (!match) return undefined;
  return match[1] ?? match[2];
}

function parsePartHeaders(block: string): PartInfo {
  const headers = new Map<string, string>();
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get('content-disposition') ?? '';
  if (!/^form-data\b/i.test(disposition)) throw new MultipartError('A part of the form has no form-data disposition.');
  const name = headerParameter(disposition, 'name');
  if (name === undefined) throw new MultipartError('A part of the form has no name.');
  return { name, filename: headerParameter(disposition, 'filename'), contentType: headers.get('content-type') ?? '' };
}

/**
 * Reads a multipart/form-data body as it arrives, handing each part's bytes
 * to the sink `onPart` returns, so files stream to disk instead of memory.
 * Only a delimiter's length is ever held back between chunks.
 */
export async function parseMultipart(body: AsyncIterable<Uint8Array>, boundary: string, onPart: (part: PartInfo) => PartSink | Promise<PartSink>): Promise<void> {
  // A CRLF in front makes the first delimiter look like all the others.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let buffer: Buffer = Buffer.from('\r\n');
  // Widened on purpose: `advance` changes it, which TypeScript's narrowing does not see.
  let state = 'preamble' as 'preamble' | 'after-delimiter' | 'headers' | 'body' | 'done';
  let sink: PartSink | null = null;
  let parts = 0;

  const advance = async (): Promise<boolean> => {
    switch (state) {
      case 'preamble': {
        const at = buffer.indexOf(delimiter);
        if (at < 0) {
          buffer = buffer.subarray(Math.max(0, buffer.length - delimiter.length));
          return false;
        }
        buffer = buffer.subarray(at + delimiter.length);
        state = 'after-delimiter';
        return true;
      }
      case 'after-delimiter': {
        if (buffer.length < 2) return false;
        const next = buffer.subarray(0, 2).toString('latin1');
        if (next === '--') {
          state = 'done';
          return false;
        }
        if (next !== '\r\n') throw new MultipartError('The form data is malformed.');
        buffer = buffer.subarray(2);
        state = 'headers';
        return true;
      }
      case 'headers': {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) {
          if (buffer.length > MAX_HEADER_BYTES) throw new MultipartError('A part of the form has oversized headers.');
          return false;
        }
        if (++parts > MAX_PARTS) throw new MultipartError('The form has too many parts.');
        const info = parsePartHeaders(buffer.subarray(0, end).toString('utf8'));
        buffer = buffer.subarray(end + 4);
        sink = await onPart(info);
        state = 'body';
        return true;
      }
      case 'body': {
        const at = buffer.indexOf(delimiter);
        if (at < 0) {
          const safe = buffer.length - (delimiter.length - 1);
          if (safe > 0) {
            await sink!.write(buffer.subarray(0, safe));
            buffer = buffer.subarray(safe);
          }
          return false;
        }
        if (at > 0) await sink!.write(buffer.subarray(0, at));
        await sink!.end();
        sink = null;
        buffer = buffer.subarray(at + delimiter.length);
        state = 'after-delimiter';
        return true;
      }
      case 'done':
        return false;
    }
  };

  for await (const chunk of body) {
    if (state === 'done') continue; // the epilogue is ignored
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : Buffer.from(chunk);
    while (await advance());
  }
  if (state !== 'done') throw new MultipartError('The form data ended before it was complete.');
}
