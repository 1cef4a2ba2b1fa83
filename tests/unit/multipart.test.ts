import { describe, expect, it } from 'vitest';

import { multipartBoundary, MultipartError, parseMultipart, type PartInfo } from '#app/http/multipart.server.ts';
import { multipartBody } from '#tests/support/uploads.ts';

async function collect(body: AsyncIterable<Uint8Array>, boundary: string) {
  const parts: Array<PartInfo & { data: Buffer }> = [];
  await parseMultipart(body, boundary, (info) => {
    const chunks: Buffer[] = [];
    return {
      async write(chunk) {
        chunks.push(Buffer.from(chunk));
      },
      async end() {
        parts.push({ ...info, data: Buffer.concat(chunks) });
      },
    };
  });
  return parts;
}

describe('parseMultipart', () => {
  it('reads the boundary from the content type', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----abc')).toBe('----abc');
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('application/json')).toBeNull();
    expect(multipartBoundary('multipart/form-data')).toBeNull();
  });

  it('streams every part byte for byte, whatever the chunk sizes', async () => {
    // Data that contains CRLFs, dashes and part of the delimiter.
    const tricky = Buffer.concat([Buffer.from('\r\n--\r\n----atelier'), Buffer.alloc(5000, 7), Buffer.from('\r\n-')]);
    for (const chunkSize of [1, 3, 64, 4096]) {
      const { boundary, body } = multipartBody(
        [
          { name: 'one.bin', type: 'application/octet-stream', data: tricky },
          { name: 'two résumé.txt', type: 'text/plain', data: Buffer.from('') },
          { name: 'C:\\dir\\three.png', type: 'image/png', data: Buffer.from('x') },
        ],
        chunkSize,
      );
      const parts = await collect(body, boundary);
      expect(parts.map((part) => [part.name, part.filename, part.contentType, part.data.length])).toEqual([
        ['file', 'one.bin', 'application/octet-stream', tricky.length],
        ['file', 'two résumé.txt', 'text/plain', 0],
        ['file', 'C:\\dir\\three.png', 'image/png', 1],
      ]);
      expect(parts[0]!.data.equals(tricky)).toBe(true);
    }
  });

  it('refuses a body that ends early and ignores a part without a disposition', async () => {
    const { boundary, bytes } = multipartBody([{ name: 'a.txt', type: 'text/plain', data: Buffer.from('hello') }]);
    async function* cut() {
      yield bytes.subarray(0, bytes.length - 10);
    }
    await expect(collect(cut(), boundary)).rejects.toBeInstanceOf(MultipartError);
    async function* noDisposition() {
      yield Buffer.from(`--${boundary}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${boundary}--`);
    }
    await expect(collect(noDisposition(), boundary)).resolves.toEqual([]);
  });

  it('aborts the part being written and rejects only after the abort has finished', async () => {
    const { boundary, bytes } = multipartBody([{ name: 'a.bin', type: 'application/octet-stream', data: Buffer.alloc(50_000, 1) }]);
    async function* cut() {
      yield bytes.subarray(0, 20_000);
    }
    const events: string[] = [];
    const parsing = parseMultipart(cut(), boundary, () => ({
      async write() {},
      async end() {
        events.push('end');
      },
      async abort() {
        await new Promise((resolve) => setTimeout(resolve, 30));
        events.push('aborted');
      },
    })).catch((error: unknown) => {
      events.push('rejected');
      throw error;
    });
    await expect(parsing).rejects.toBeInstanceOf(MultipartError);
    expect(events).toEqual(['aborted', 'rejected']);
  });
});
