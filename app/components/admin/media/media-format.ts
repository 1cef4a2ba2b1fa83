import type { MediaKind } from '#app/lib/media-kind.ts';

export const KIND_LABELS: Record<MediaKind, string> = { image: 'Image', video: 'Video', document: 'Document', other: 'Other' };

/** The date part of an ISO timestamp (the settings' default format, YYYY-MM-DD), the same on server and browser. */
export function shortDate(iso: string): string {
  return iso.slice(0, 10);
}
