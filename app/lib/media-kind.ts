export const MEDIA_KINDS = ['image', 'video', 'document', 'other'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** Spec 3: image/ gives image, video/ gives video, application/ gives document, anything else other. */
export function mediaKindOf(mime: string): MediaKind {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('application/')) return 'document';
  return 'other';
}

/** The type filter's options (docs/product.md, Media Library), in order. */
export const MEDIA_TYPE_FILTERS = [
  { value: '', label: 'All Types' },
  { value: 'image', label: 'Images' },
  { value: 'video', label: 'Videos' },
  { value: 'document', label: 'Documents' },
  { value: 'other', label: 'Other' },
] as const;
