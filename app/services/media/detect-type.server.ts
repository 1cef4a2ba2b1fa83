import { open } from 'node:fs/promises';

import { fileTypeFromFile } from 'file-type';

import { type MediaKind, mediaKindOf } from '#app/lib/media-kind.ts';

import { MediaInputError } from './media-input-error.ts';

export interface DetectedType {
  mime: string;
  ext: string;
  kind: MediaKind;
}

/** Programs are application/* too, but a media library has no business handing them out. */
const REFUSED_MIMES = new Set([
  'application/x-msdownload',
  'application/x-elf',
  'application/x-mach-binary',
  'application/x-sharedlib',
  'application/vnd.microsoft.portable-executable',
  'application/x-executable',
  'application/x-sh',
]);

const KIND_BY_EXTENSION: Record<string, MediaKind> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  avif: 'image',
  svg: 'image',
  bmp: 'image',
  tif: 'image',
  tiff: 'image',
  ico: 'image',
  heic: 'image',
  mp4: 'video',
  webm: 'video',
  mov: 'video',
  m4v: 'video',
  ogv: 'video',
  avi: 'video',
  mkv: 'video',
  pdf: 'document',
  zip: 'document',
  json: 'document',
  doc: 'document',
  docx: 'document',
  xls: 'document',
  xlsx: 'document',
  ppt: 'document',
  pptx: 'document',
  odt: 'document',
};

async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** An SVG document: optional XML declaration, comments and doctype, then an <svg> root element. */
export function looksLikeSvg(head: string): boolean {
  const rest = head
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '')
    .replace(/^\s*<!DOCTYPE\s+svg[^>]*>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '');
  return /^\s*<svg[\s>]/i.test(rest);
}

/** What the sender says the file is, from its declared type or, failing that, its extension. */
function claimedKind(name: string, claimedMime: string): MediaKind | null {
  const mime = claimedMime.toLowerCase().split(';')[0]!.trim();
  if (mime && mime !== 'application/octet-stream') return mediaKindOf(mime);
  const ext = name.toLowerCase().split('.').pop() ?? '';
  return KIND_BY_EXTENSION[ext] ?? null;
}

/**
 * Decides a file's type from its content (magic bytes), never from its name
 * alone. Refuses what is not an image, a video or a document, and what says it
 * is one kind but holds another (an HTML page named photo.png).
 */
export async function detectFileType(file: string, claimed: { name: string; mime: string }): Promise<DetectedType> {
  const label = `"${claimed.name}"`;
  const said = claimedKind(claimed.name, claimed.mime);
  if (said === 'other') throw new MediaInputError(`${label} is not an image, video or document, so it cannot be uploaded.`, 415);

  const found = await fileTypeFromFile(file);
  const head = (await readHead(file, 4096)).toString('utf8');
  let detected: DetectedType | null = null;
  if (found && found.mime !== 'application/xml') {
    detected = { mime: found.mime, ext: found.ext, kind: mediaKindOf(found.mime) };
  } else if (looksLikeSvg(head)) {
    detected = { mime: 'image/svg+xml', ext: 'svg', kind: 'image' };
  }

  if (!detected) {
    if (said === 'image' || said === 'video') {
      throw new MediaInputError(`${label} does not contain a valid ${said}: its content does not match its type.`, 415);
    }
    throw new MediaInputError(`The type of ${label} could not be recognised: only images, videos and documents can be uploaded.`, 415);
  }
  if (detected.kind === 'other' || REFUSED_MIMES.has(detected.mime)) {
    throw new MediaInputError(`${label} is a ${detected.mime} file: only images, videos and documents can be uploaded.`, 415);
  }
  if (said && said !== detected.kind) {
    throw new MediaInputError(
      `${label} does not contain what its type says: it was sent as a ${said} but holds a ${detected.mime} file.`,
      415,
    );
  }
  return detected;
}
