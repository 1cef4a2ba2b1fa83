import type { MediaKind } from '#app/lib/media-kind.ts';

export const KIND_LABELS: Record<MediaKind, string> = { image: 'Image', video: 'Video', document: 'Document', other: 'Other' };
