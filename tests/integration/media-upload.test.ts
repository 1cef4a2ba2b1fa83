import zlib from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getDb } from '#app/db/client.server.ts';
import { MAX_FILES_PER_UPLOAD, receiveUpload } from '#app/http/receive-upload.server.ts';
import { MAX_IMAGE_PIXELS } from '#app/services/media/image-variants.server.ts';
import { MediaInputError } from '#app/services/media/media-input-error.ts';
import { deleteMedia } from '#app/services/media/media-library.server.ts';
import { findServedFile } from '#app/services/media/served-file.server.ts';
import { getStorage } from '#app/services/media/storage.server.ts';
import { testDialects } from '#tests/support/databases.ts';
import { loadTestEnv } from '#tests/support/env.ts';
import { jpeg, multipartBody, png, tempFiles, uploadedFiles, type UploadPart, zipArchive } from '#tests/support/uploads.ts';

loadTestEnv();
const LIMIT = 25 * 1024 * 1024;

function upload(parts: UploadPart[], limit = LIMIT) {
  const { boundary, body } = multipartBody(parts);
  return receiveUpload(body, boundary, limit);
}

async function refusal(promise: Promise<unknown>): Promise<MediaInputError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MediaInputError);
  return error as MediaInputError;
}

const countRows = async () => (await getDb().selectFrom('media').select('id').execute()).length;

// Magic bytes of formats sharp cannot make.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mp42isom'),
  Buffer.alloc(64),
]);
const MP3 = Buffer.concat([
  Buffer.from('ID3'),
  Buffer.from([3, 0, 0, 0, 0, 0, 10]),
  Buffer.alloc(10),
  Buffer.from([0xff, 0xfb, 0x90, 0x64]),
  Buffer.alloc(400),
]);
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64),
  Buffer.from('PE\0\0'),
  Buffer.from([0x4c, 0x01]),
  Buffer.alloc(300),
]);
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<!-- drawn by hand -->\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><script>alert(1)</script><rect width="40" height="20"/></svg>',
);
/**
 * A PNG declaring `width` × `height` 8-bit grey pixels. With `pixels`, the image data is really there, all zeros,
 * which deflate shrinks ~1000 times (a decompression bomb); without, only the header claims the size.
 */
function declaredPng(width: number, height: number, pixels: boolean): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const data = pixels ? zlib.deflateSync(Buffer.alloc((width + 1) * height), { level: 9 }) : zlib.deflateSync(Buffer.alloc(width + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A WebAssembly module's header: `\0asm`, version 1. */
const WASM = Buffer.concat([Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]), Buffer.alloc(32)]);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

describe.each(testDialects)('media uploads on $name', (dialect) => {
  beforeAll(() => dialect.open());
  afterAll(() => dialect.close());

  it('types files by their content: images, videos and documents', async () => {
    const items = await upload([
      { name: 'photo.jpg', type: 'image/jpeg', data: await jpeg(300, 200) },
      // A PNG that says it is a JPEG is still an image: it is stored as the PNG it is.
      { name: 'really-a-png.jpg', type: 'image/jpeg', data: await png(50, 40) },
      { name: 'drawing.svg', type: 'image/svg+xml', data: SVG },
      { name: 'brochure.pdf', type: 'application/pdf', data: PDF },
      { name: 'clip.mp4', type: 'video/mp4', data: MP4 },
      { name: 'unknown-type.pdf', type: 'application/octet-stream', data: PDF },
    ]);
    expect(items.map((item) => [item.title, item.type, item.mimeType])).toEqual([
      ['photo', 'image', 'image/jpeg'],
      ['really-a-png', 'image', 'image/png'],
      ['drawing', 'image', 'image/svg+xml'],
      ['brochure', 'document', 'application/pdf'],
      ['clip', 'video', 'video/mp4'],
      ['unknown-type', 'document', 'application/pdf'],
    ]);
    expect(items[1]!.url).toMatch(/\.png$/);
    expect(items[0]).toMatchObject({ alt: 'photo', description: '', tags: [], dimensions: { width: 300, height: 200 } });
    expect(items[2]!.dimensions).toEqual({ width: 40, height: 20 });
    for (const item of items) {
      const key = item.url.replace('/media/', '');
      expect(await findServedFile(key)).toMatchObject({ mime: item.mimeType });
      expect((await getStorage().stat(key))?.size).toBe(item.fileSize);
    }
  });

  it('refuses content that does not match its claimed type, and types outside the accepted list', async () => {
    const before = { rows: await countRows(), files: uploadedFiles() };
    const cases: [UploadPart, RegExp][] = [
      [{ name: 'innocent.png', type: 'image/png', data: HTML }, /does not contain a valid image/],
      [{ name: 'page.html', type: 'text/html', data: HTML }, /could not be recognised\. Accepted: images/],
      [
        { name: 'report.pdf', type: 'application/pdf', data: EXE },
        /application\/x-msdownload file, which the media library does not accept/,
      ],
      [{ name: 'fake.mp4', type: 'video/mp4', data: PDF }, /sent as a video but holds a application\/pdf/],
      [{ name: 'broken.jpg', type: 'image/jpeg', data: (await jpeg(100, 100)).subarray(0, 300) }, /could not be read as an image/],
    ];
    for (const [part, message] of cases) {
      const error = await refusal(upload([part]));
      expect(error.message).toMatch(message);
      expect([415, 422]).toContain(error.status);
    }
    expect(await countRows()).toBe(before.rows);
    expect(uploadedFiles()).toEqual(before.files);
    expect(tempFiles()).toEqual([]);
  });

  it('accepts only an allow-list checked by content: a \\0asm file sent as application/wasm is refused', async () => {
    const before = { rows: await countRows(), files: uploadedFiles() };
    const accepted =
      'Accepted: images (JPEG, PNG, GIF, WebP, AVIF, SVG, BMP, ICO, TIFF), video (MP4, WebM, Ogg, QuickTime), audio (MP3, WAV, Ogg, FLAC, AAC, M4A), PDF, office documents (Word, Excel, PowerPoint, OpenDocument, RTF), plain text and ZIP archives.';
    const refused: UploadPart[] = [
      { name: 'module.wasm', type: 'application/wasm', data: WASM },
      { name: 'module.bin', type: 'application/octet-stream', data: WASM },
      { name: 'plugin.jar', type: 'application/java-archive', data: zipArchive({ 'META-INF/MANIFEST.MF': 'Manifest-Version: 1.0' }) },
      { name: 'app.jar', type: 'application/zip', data: zipArchive({ 'META-INF/MANIFEST.MF': 'Manifest-Version: 1.0' }) },
      { name: 'setup.exe', type: 'application/vnd.microsoft.portable-executable', data: EXE },
      { name: 'data.json', type: 'application/json', data: Buffer.from('{"a":1}') },
      { name: 'notes.txt', type: 'text/plain', data: Buffer.from('text with a \0 NUL byte') },
      { name: 'latin1.txt', type: 'text/plain', data: Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]) },
      { name: 'page.html', type: 'text/html', data: HTML },
      { name: 'script.js', type: 'text/javascript', data: Buffer.from('alert(1)') },
    ];
    for (const part of refused) {
      const error = await refusal(upload([part]));
      expect(error.status, part.name).toBe(415);
      expect(error.message, part.name).toContain(accepted);
    }
    expect(await countRows()).toBe(before.rows);
    expect(uploadedFiles()).toEqual(before.files);

    const docx = zipArchive({
      '[Content_Types].xml':
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      'word/document.xml': '<w:document/>',
    });
    const items = await upload([
      { name: 'song.mp3', type: 'audio/mpeg', data: MP3 },
      { name: 'song-untyped.mp3', type: 'application/octet-stream', data: MP3 },
      { name: 'notes.txt', type: 'text/plain', data: Buffer.from('Plain notes, accentués ✓\n') },
      { name: 'table.csv', type: '', data: Buffer.from('a,b\n1,2\n') },
      { name: 'letter.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', data: docx },
      { name: 'bundle.zip', type: 'application/zip', data: zipArchive({ 'readme.txt': 'hello' }) },
    ]);
    expect(items.map((item) => [item.title, item.type, item.mimeType])).toEqual([
      ['song', 'other', 'audio/mpeg'],
      ['song-untyped', 'other', 'audio/mpeg'],
      ['notes', 'other', 'text/plain'],
      ['table', 'other', 'text/plain'],
      ['letter', 'document', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['bundle', 'document', 'application/zip'],
    ]);
    expect(items[2]!.url).toMatch(/\.txt$/);
  });

  it('makes WebP variants of a 4000×3000 JPEG and keeps the original', async () => {
    const data = await jpeg(4000, 3000);
    const started = performance.now();
    const [item] = await upload([{ name: 'big-photo.jpg', type: 'image/jpeg', data }]);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Upload + variants of a 4000×3000 JPEG (${(data.length / 1048576).toFixed(1)} MB) on ${dialect.name}: ${seconds.toFixed(2)} s`,
    );
    expect(item!.dimensions).toEqual({ width: 4000, height: 3000 });
    expect(item!.fileSize).toBe(data.length);
    expect(item!.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [320, 240],
      [640, 480],
      [768, 576],
      [960, 720],
      [1280, 960],
      [1920, 1440],
    ]);
    for (const variant of item!.variants) {
      const key = variant.url.replace('/media/', '');
      expect(variant.url).toMatch(/-\d+w\.webp$/);
      expect(await findServedFile(key)).toMatchObject({ mime: 'image/webp' });
      expect(await getStorage().stat(key)).not.toBeNull();
    }
    // A small image is not enlarged: no variant is wider than the original.
    const [small] = await upload([{ name: 'small.png', type: 'image/png', data: await png(500, 300) }]);
    expect(small!.variants.map((variant) => variant.width)).toEqual([320]);
  });

  it('refuses small files declaring a huge size before decoding them, with a clear message', async () => {
    const before = { rows: await countRows(), files: uploadedFiles() };
    // 9000 × 6000 = 54 MP of real pixel data in a ~55 KB file; and a 100,000 × 100,000 header with no data behind it.
    const bomb = declaredPng(9000, 6000, true);
    expect(bomb.length).toBeLessThan(200_000);
    const cases: [Buffer, string][] = [
      [bomb, '"bomb.png" is too large to process: 9000 × 6000 pixels (54 MP) is more than the limit of 50 MP.'],
      [
        declaredPng(100_000, 100_000, false),
        '"bomb.png" is too large to process: 100000 × 100000 pixels (10000 MP) is more than the limit of 50 MP.',
      ],
    ];
    for (const [data, message] of cases) {
      const started = performance.now();
      const error = await refusal(upload([{ name: 'bomb.png', type: 'image/png', data }]));
      expect(error.message).toBe(message);
      expect(error.status).toBe(413);
      // Refused from the header: no decoding (which takes seconds for 54 MP on this machine).
      expect(performance.now() - started).toBeLessThan(3000);
    }
    expect(MAX_IMAGE_PIXELS).toBe(50_000_000);
    expect(await countRows()).toBe(before.rows);
    expect(uploadedFiles()).toEqual(before.files);
    expect(tempFiles()).toEqual([]);
  });

  it('refuses more than the allowed number of files in one request', async () => {
    const before = await countRows();
    const tiny = await png(8, 8);
    const parts = Array.from({ length: MAX_FILES_PER_UPLOAD + 1 }, (_, index) => ({
      name: `icon-${index}.png`,
      type: 'image/png',
      data: tiny,
    }));
    const error = await refusal(upload(parts));
    expect(error).toMatchObject({ status: 413, message: `Upload at most ${MAX_FILES_PER_UPLOAD} files at a time.` });
    expect(await countRows()).toBe(before);
    expect(tempFiles()).toEqual([]);
  });

  it('answers 413 for a file over the limit and keeps nothing of the request', async () => {
    const before = { rows: await countRows(), files: uploadedFiles() };
    const error = await refusal(
      upload(
        [
          { name: 'fine.png', type: 'image/png', data: await png(20, 20) },
          { name: 'huge.jpg', type: 'image/jpeg', data: await jpeg(600, 600, 100) },
        ],
        20_000,
      ),
    );
    expect(error.status).toBe(413);
    expect(error.message).toBe('"huge.jpg" is larger than the upload limit of 19.53 KB.');
    expect(await countRows()).toBe(before.rows);
    expect(uploadedFiles()).toEqual(before.files);
    expect(tempFiles()).toEqual([]);
  });

  it('stores files with traversal or odd names under generated names', async () => {
    const data = await png(30, 30);
    const names = ['../../../etc/passwd.png', '..\\..\\windows\\evil.png', 'gnp.\u202Eexe.png', '  .png', 'ünïcödé 照片.png'];
    const items = await upload(names.map((name) => ({ name, type: 'image/png', data })));
    for (const item of items) {
      expect(item.url).toMatch(/^\/media\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    }
    expect(items.map((item) => item.originalName)).toEqual(['passwd.png', 'evil.png', 'gnp.exe.png', '.png', 'ünïcödé 照片.png']);
    expect(items.map((item) => item.title)).toEqual(['passwd', 'evil', 'gnp.exe', '.png', 'ünïcödé 照片']);
    expect(uploadedFiles().every((file) => !file.includes('..') && !file.includes('passwd'))).toBe(true);
  });

  it('refuses a raw NUL in a part header as malformed, storing nothing', async () => {
    const before = { rows: await countRows(), files: uploadedFiles() };
    const error = await refusal(upload([{ name: 'nul\u0000byte.png', type: 'image/png', data: await png(30, 30) }]));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^The form data is malformed/);
    expect(await countRows()).toBe(before.rows);
    expect(uploadedFiles()).toEqual(before.files);
  });

  it('leaves no orphan file and no row when a later file of the request fails', async () => {
    const before = { rows: await countRows(), files: uploadedFiles() };
    await refusal(
      upload([
        { name: 'good.jpg', type: 'image/jpeg', data: await jpeg(800, 600) },
        { name: 'bad.png', type: 'image/png', data: HTML },
      ]),
    );
    expect(await countRows()).toBe(before.rows);
    expect(uploadedFiles()).toEqual(before.files);
    expect(tempFiles()).toEqual([]);
  });

  it('refuses a malformed or empty form with 400', async () => {
    const truncated = multipartBody([{ name: 'a.png', type: 'image/png', data: await png(10, 10) }]);
    const cut = truncated.bytes.subarray(0, truncated.bytes.length - 30);
    async function* once() {
      yield cut;
    }
    expect((await refusal(receiveUpload(once(), truncated.boundary, LIMIT))).status).toBe(400);
    const empty = multipartBody([]);
    expect((await refusal(receiveUpload(empty.body, empty.boundary, LIMIT))).message).toBe('Choose at least one file to upload.');
    expect(tempFiles()).toEqual([]);
  });

  it('deletes an item with its original and variants, after which nothing is served', async () => {
    const [item] = await upload([{ name: 'to-delete.jpg', type: 'image/jpeg', data: await jpeg(1400, 700) }]);
    const keys = [item!.url, ...item!.variants.map((variant) => variant.url)].map((url) => url.replace('/media/', ''));
    expect(keys).toHaveLength(6);
    expect(await deleteMedia([item!.id, 'no-such-id'])).toBe(1);
    for (const key of keys) expect(await getStorage().stat(key)).toBeNull();
    expect(await findServedFile(keys[0]!)).toBeNull();
  });
});
