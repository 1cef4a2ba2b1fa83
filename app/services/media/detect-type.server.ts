import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';

import { fileTypeFromFile } from 'file-type';

import { ACCEPTED_MEDIA_TEXT, isAcceptedMediaType } from '#app/lib/accepted-media.ts';
import { type MediaKind, mediaKindOf } from '#app/lib/media-kind.ts';

import { MediaInputError } from './media-input-error.ts';

export interface DetectedType {
  mime: string;
  ext: string;
  kind: MediaKind;
}

/** What a name's extension says a file is, when the sender named no type. */
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
  mp4: 'video',
  webm: 'video',
  mov: 'video',
  m4v: 'video',
  ogv: 'video',
  pdf: 'document',
  zip: 'document',
  doc: 'document',
  docx: 'document',
  xls: 'document',
  xlsx: 'document',
  ppt: 'document',
  pptx: 'document',
  odt: 'document',
  ods: 'document',
  odp: 'document',
  rtf: 'document',
  mp3: 'other',
  wav: 'other',
  ogg: 'other',
  flac: 'other',
  aac: 'other',
  m4a: 'other',
  txt: 'other',
  csv: 'other',
  md: 'other',
};

/**
 * Word, Excel and PowerPoint files before 2007 are Compound File Binary containers, which file-type names only as
 * such (installers are too): one is accepted only under one of these names, and typed by it.
 */
const COMPOUND_OFFICE: Record<string, { mime: string; ext: string }> = {
  doc: { mime: 'application/msword', ext: 'doc' },
  xls: { mime: 'application/vnd.ms-excel', ext: 'xls' },
  ppt: { mime: 'application/vnd.ms-powerpoint', ext: 'ppt' },
};

/** Types a sender uses for plain text; a file without magic bytes is taken as text only when sent as one. */
const TEXT_MIMES = new Set(['text/plain', 'text/csv', 'text/markdown', 'text/x-markdown']);
const TEXT_EXTENSIONS = new Set(['txt', 'csv', 'md', 'markdown', 'log']);

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

function extensionOf(name: string): string {
  return name.toLowerCase().split('.').pop() ?? '';
}

function claimedMime(mime: string): string {
  return mime.toLowerCase().split(';')[0]!.trim();
}

/** What the sender says the file is, from its declared type or, failing that, its extension. */
function claimedKind(name: string, claimed: string): MediaKind | null {
  const mime = claimedMime(claimed);
  if (mime && mime !== 'application/octet-stream') return mediaKindOf(mime);
  return KIND_BY_EXTENSION[extensionOf(name)] ?? null;
}

function claimsText(name: string, claimed: string): boolean {
  const mime = claimedMime(claimed);
  if (mime && mime !== 'application/octet-stream') return TEXT_MIMES.has(mime);
  return TEXT_EXTENSIONS.has(extensionOf(name));
}

/** Plain text: valid UTF-8 with no NUL byte anywhere in the file (read whole, in chunks). */
async function isPlainText(file: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(file)) {
      const bytes = chunk as Buffer;
      if (bytes.includes(0)) return false;
      decoder.decode(bytes, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** The type the content shows: magic bytes first (file-type), then an SVG document, then plain text. */
async function typeFromContent(file: string, claimed: { name: string; mime: string }): Promise<{ mime: string; ext: string } | null> {
  const found = await fileTypeFromFile(file);
  if (found?.mime === 'application/x-cfb') return COMPOUND_OFFICE[extensionOf(claimed.name)] ?? found;
  if (found && found.mime !== 'application/xml') return found;
  if (looksLikeSvg((await readHead(file, 4096)).toString('utf8'))) return { mime: 'image/svg+xml', ext: 'svg' };
  if (claimsText(claimed.name, claimed.mime) && (await isPlainText(file))) return { mime: 'text/plain', ext: 'txt' };
  return null;
}

/**
 * Decides a file's type from its content (magic bytes; text checked as UTF-8 without NUL bytes), never from its name
 * alone, and accepts only the types of `ACCEPTED_MEDIA_GROUPS`: anything else, and what says it is one kind but
 * holds another (an HTML page named photo.png), is refused with a message naming what is accepted.
 */
export async function detectFileType(file: string, claimed: { name: string; mime: string }): Promise<DetectedType> {
  const label = `"${claimed.name}"`;
  const said = claimedKind(claimed.name, claimed.mime);
  const found = await typeFromContent(file, claimed);
  if (!found) {
    if (said === 'image' || said === 'video') {
      throw new MediaInputError(`${label} does not contain a valid ${said}: its content does not match its type.`, 415);
    }
    throw new MediaInputError(`The type of ${label} could not be recognised. ${ACCEPTED_MEDIA_TEXT}`, 415);
  }
  if (!isAcceptedMediaType(found.mime)) {
    throw new MediaInputError(`${label} is a ${found.mime} file, which the media library does not accept. ${ACCEPTED_MEDIA_TEXT}`, 415);
  }
  const detected: DetectedType = { mime: found.mime, ext: found.ext, kind: mediaKindOf(found.mime) };
  if (said && said !== detected.kind) {
    const sent = said === 'other' ? claimedMime(claimed.mime) || `.${extensionOf(claimed.name)}` : `a ${said}`;
    throw new MediaInputError(
      `${label} does not contain what its type says: it was sent as ${sent} but holds a ${detected.mime} file.`,
      415,
    );
  }
  return detected;
}
