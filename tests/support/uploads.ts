import { type Dirent, readdirSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import sharp from 'sharp';

import { getEnv } from '#app/env.server.ts';

export interface UploadPart {
  name: string;
  type: string;
  data: Buffer;
  field?: string;
}

/** A multipart/form-data body, delivered in small uneven chunks so delimiters straddle chunk edges. */
export function multipartBody(parts: UploadPart[], chunkSize = 997): { boundary: string; body: AsyncIterable<Uint8Array>; bytes: Buffer } {
  const boundary = `----atelier-test-${Math.random().toString(36).slice(2)}`;
  const pieces: Buffer[] = [];
  for (const part of parts) {
    pieces.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.name}"\r\nContent-Type: ${part.type}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  const bytes = Buffer.concat(pieces);
  async function* chunks() {
    for (let at = 0, step = 1; at < bytes.length; at += step, step = (step * 7 + 3) % chunkSize || 1) {
      yield bytes.subarray(at, at + step);
    }
  }
  return { boundary, body: chunks(), bytes };
}

export function jpeg(width: number, height: number, quality = 85): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality })
    .toBuffer();
}

export function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 30, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
}

/** Every file under DATA_DIR/uploads, as relative paths. */
export function uploadedFiles(): string[] {
  const root = path.join(getEnv().DATA_DIR, 'uploads');
  try {
    return (readdirSync(root, { recursive: true, withFileTypes: true }) as Dirent[])
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

export function tempFiles(): string[] {
  try {
    return readdirSync(path.join(getEnv().DATA_DIR, 'upload-tmp'));
  } catch {
    return [];
  }
}

/** A ZIP archive of text entries, stored without compression (enough for type detection). */
export function zipArchive(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
