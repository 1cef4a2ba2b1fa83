import { type Dirent, readdirSync } from 'node:fs';
import path from 'node:path';

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
