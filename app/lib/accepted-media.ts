/**
 * What the media library accepts: types it can show (images, video, audio, PDF) or offer for download (office
 * documents, plain text, ZIP). Every upload is checked by its content against this list on the server
 * (`app/services/media/detect-type.server.ts`); the file picker's `accept` is only a convenience.
 */
export const ACCEPTED_MEDIA_GROUPS = [
  {
    label: 'images (JPEG, PNG, GIF, WebP, AVIF, SVG, BMP, ICO, TIFF)',
    mimes: [
      'image/jpeg',
      'image/png',
      'image/apng',
      'image/gif',
      'image/webp',
      'image/avif',
      'image/svg+xml',
      'image/bmp',
      'image/x-icon',
      'image/tiff',
    ],
    extensions: [],
  },
  {
    label: 'video (MP4, WebM, Ogg, QuickTime)',
    mimes: ['video/mp4', 'video/webm', 'video/ogg', 'video/quicktime', 'video/x-m4v'],
    extensions: [],
  },
  {
    label: 'audio (MP3, WAV, Ogg, FLAC, AAC, M4A)',
    mimes: ['audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/flac', 'audio/aac', 'audio/mp4', 'audio/x-m4a'],
    extensions: [],
  },
  { label: 'PDF', mimes: ['application/pdf'], extensions: [] },
  {
    label: 'office documents (Word, Excel, PowerPoint, OpenDocument, RTF)',
    mimes: [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.oasis.opendocument.text',
      'application/vnd.oasis.opendocument.spreadsheet',
      'application/vnd.oasis.opendocument.presentation',
      'application/rtf',
      'application/msword',
      'application/vnd.ms-excel',
      'application/vnd.ms-powerpoint',
    ],
    extensions: ['.doc', '.xls', '.ppt', '.docx', '.xlsx', '.pptx', '.odt', '.ods', '.odp', '.rtf'],
  },
  { label: 'plain text', mimes: ['text/plain'], extensions: ['.txt', '.csv', '.md'] },
  { label: 'ZIP archives', mimes: ['application/zip'], extensions: ['.zip'] },
] as const;

const ACCEPTED_MIMES: ReadonlySet<string> = new Set(ACCEPTED_MEDIA_GROUPS.flatMap((group) => group.mimes));

export function isAcceptedMediaType(mime: string): boolean {
  return ACCEPTED_MIMES.has(mime);
}

/** The sentence every refusal ends with. */
export const ACCEPTED_MEDIA_TEXT = `Accepted: ${ACCEPTED_MEDIA_GROUPS.slice(0, -1)
  .map((group) => group.label)
  .join(', ')} and ${ACCEPTED_MEDIA_GROUPS.at(-1)!.label}.`;

/** The file picker's `accept`: the types and the extensions browsers may not map to them. */
export const UPLOAD_ACCEPT = [...ACCEPTED_MIMES, ...ACCEPTED_MEDIA_GROUPS.flatMap((group) => group.extensions)].join(',');
