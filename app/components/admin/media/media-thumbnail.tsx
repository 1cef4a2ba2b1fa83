import { File, FileText, Film } from 'lucide-react';

import type { MediaItem } from '#app/lib/media-item.ts';
import { thumbnailUrl } from '#app/lib/responsive-image.ts';

const ICONS = { video: Film, document: FileText, other: File } as const;

/** A square preview: the smallest variant wide enough for images, an icon for other files. */
export function MediaThumbnail({
  item,
  size = 320,
  className = '',
}: {
  item: Pick<MediaItem, 'type' | 'mimeType' | 'url' | 'variants' | 'alt'>;
  size?: number;
  className?: string;
}) {
  if (item.type === 'image') {
    return (
      <img
        src={thumbnailUrl(item.url, item.variants, size)}
        alt={item.alt}
        loading="lazy"
        decoding="async"
        // Vector art (icons, logos) gets a margin; photos fill the square.
        className={`size-full bg-[repeating-conic-gradient(#f3f4f6_0_25%,#fff_0_50%)] bg-[length:16px_16px] object-contain ${item.mimeType === 'image/svg+xml' ? 'p-[12%]' : ''} ${className}`}
      />
    );
  }
  const Icon = ICONS[item.type];
  return (
    <span className={`flex size-full items-center justify-center bg-gray-100 text-gray-500 ${className}`}>
      <Icon className="size-1/3 max-h-10 max-w-10" aria-hidden />
    </span>
  );
}
