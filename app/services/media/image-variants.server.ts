import sharp from 'sharp';

import { imageWork } from './image-work-queue.server.ts';
import { MediaInputError } from './media-input-error.ts';

/**
 * Widths of the WebP copies made of every raster image (the original is kept as uploaded). 768 is what a
 * full-width image needs on most phones (360–414 CSS px at a device pixel ratio of 1.75–2, less a margin):
 * without it they took the 960 copy, about 1.6× the bytes.
 */
export const VARIANT_WIDTHS = [320, 640, 768, 960, 1280, 1920] as const;
const WEBP_QUALITY = 78;

/**
 * The most pixels an uploaded image may have: a 50 MP camera photo is the largest thing a site needs. Larger
 * sizes are refused before decoding, so a small file declaring a huge size (a decompression bomb) costs nothing.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Formats sharp decodes; other image types (icons, HEIC) are stored without variants. */
const RASTER_MIMES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/tiff']);

export interface ImageVariant {
  width: number;
  height: number;
  data: Buffer;
}

export interface ImageFacts {
  width: number | null;
  height: number | null;
  variants: ImageVariant[];
}

const damaged = (name: string) => new MediaInputError(`"${name}" could not be read as an image: the file may be damaged.`, 422);

export function tooManyPixelsMessage(name: string, width: number, height: number): string {
  const megapixels = Math.round((width * height) / 1_000_000);
  return `"${name}" is too large to process: ${width} × ${height} pixels (${megapixels} MP) is more than the limit of ${MAX_IMAGE_PIXELS / 1_000_000} MP.`;
}

/**
 * Reads the displayed size (EXIF orientation applied) and makes the WebP variants narrower than the original.
 * The header is read first and oversized images refused; then the image is decoded once, at the largest variant's
 * size, and every variant is derived from that one decoded copy, in the shared image work queue.
 */
export async function processImage(file: string, mime: string, name: string): Promise<ImageFacts> {
  const raster = RASTER_MIMES.has(mime);
  if (!raster && mime !== 'image/svg+xml') return { width: null, height: null, variants: [] };
  let width: number | undefined;
  let height: number | undefined;
  let animated = false;
  try {
    const meta = await sharp(file, { limitInputPixels: false }).metadata();
    width = meta.autoOrient?.width ?? meta.width;
    height = meta.autoOrient?.height ?? meta.height;
    animated = (meta.pages ?? 1) > 1;
  } catch {
    if (!raster) return { width: null, height: null, variants: [] };
    throw damaged(name);
  }
  if (!width || !height) throw new MediaInputError(`"${name}" could not be read as an image: its size is unknown.`, 422);
  if (width * height > MAX_IMAGE_PIXELS) throw new MediaInputError(tooManyPixelsMessage(name, width, height), 413);
  // Vector images scale by themselves; animations would lose their frames.
  if (!raster || animated) return { width, height, variants: [] };

  const widths = VARIANT_WIDTHS.filter((w) => w < width);
  if (!widths.length) return { width, height, variants: [] };
  const variants = await imageWork.run(() => makeVariants(file, name, widths));
  return { width, height, variants };
}

async function makeVariants(file: string, name: string, widths: number[]): Promise<ImageVariant[]> {
  let decoded: { data: Buffer; info: sharp.OutputInfo };
  try {
    // One decode, already shrunk to the widest variant (JPEG and WebP shrink while decoding).
    decoded = await sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({ width: Math.max(...widths) })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw damaged(name);
  }
  const { width, height, channels } = decoded.info;
  // Encoded side by side from the one decoded copy (libvips shares it; nothing is decoded again).
  const variants = await Promise.all(
    widths.map(async (target) => {
      const pipeline = sharp(decoded.data, { raw: { width, height, channels } });
      if (target < width) pipeline.resize({ width: target });
      const { data, info } = await pipeline.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, data };
    }),
  );
  return variants.sort((a, b) => a.width - b.width);
}
