/** The icons in public/icons/site.svg (scripts/build-icon-sprite.ts builds it from Lucide). */
export const SITE_ICONS = [
  'arrow-left',
  'arrow-right',
  'award',
  'calendar',
  'check',
  'code',
  'eye',
  'gauge',
  'heart-handshake',
  'instagram',
  'lightbulb',
  'linkedin',
  'mail',
  'map-pin',
  'menu',
  'palette',
  'phone',
  'shield-check',
  'smartphone',
  'target',
  'trending-up',
  'twitter',
  'user',
  'x',
] as const;

export type SiteIconName = (typeof SITE_ICONS)[number];
