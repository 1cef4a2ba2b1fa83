import type { SiteIconName } from './icon-names.ts';

// Bump when the sprite changes, so browsers fetch the new file.
const SPRITE = '/icons/site.svg?v=2';

/**
 * A decorative Lucide icon from the sprite. Drawing with <use> keeps icon
 * paths out of the public pages' JavaScript (see the 120 KB budget).
 */
export function Icon({ name, className = 'h-5 w-5' }: { name: SiteIconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <use href={`${SPRITE}#${name}`} />
    </svg>
  );
}
