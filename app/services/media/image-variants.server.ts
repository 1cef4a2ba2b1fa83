import sharp from 'sharp';
import { MediaInputError } from './media-input-error.ts';

/** Widths of the WebP copies made of every raster image (the original is kept as uploaded). */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
const WEBP_QUALITY = 78;

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

/** Reads the displayed size (EXIF orientation applied) and makes the WebP variants narrower than the original. */
export async function processImage(file: string, mime: string, name: string): Promise<ImageFacts> {
  const raster = RASTER_MIMES.has(mime);
  if (!raster && mime !== 'image/svg+xml') return { width: null, height: null, variants: [] };
  let width: number | undefined;
  let height: number | undefined;
  let animated = false;
  try {
    const meta = await sharp(file).metadata();
    width = meta.autoOrient?.width ?? meta.width;
    height = meta.autoOrient?.height ?? meta.height;
    animated = (meta.pages ?? 1) > 1;
  } catch {
    if (!raster) return { width: null, height: null, variants: [] };
    throw new MediaInputError(`"${name}" could not be read as an image: the file may be damaged.`, 422);
  }
  if (!width || !height) throw new MediaInputError(`"${name}" could not be read as an image: its size is unknown.`, 422);
  // Vector images scale by themselves; animations would lose their frames.
  if (!raster || animated) return { width, height, variants: [] };

  const widths = VARIANT_WIDTHS.filter((w) => w < width);
  try {
    const variants = await Promise.all(
      widths.map(async (target) => {
        const { data, info } = await sharp(file).autoOrient().resize({ width: target }).webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, data };
      }),
    );
    return { width, height, variants };
  } catch {
    throw new MediaInputError(`"${name}" could not be read as an image: the file may be damaged.`, 422);
  }
}
