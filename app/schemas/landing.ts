import { z } from 'zod';

/** Limits keep one save from storing (and every visitor from downloading) megabytes of copy. */
export const LANDING_LIMITS = { title: 200, subtitle: 300, cta: 80, description: 2000, stat: 80, feature: 200, image: 2000 } as const;

/** How many of each repeated block the Content screen edits (docs/product.md, Data: Content; Constants). */
export const LANDING_COUNTS = { stats: 4, values: 4, services: 6, features: 3 } as const;

const limited = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`);
/** Copy that may be left empty: a field missing from the form is '' (and the form does not mark it required). */
const text = (max: number, label: string) => limited(max, label).default('');

/**
 * The hero image is shown to every visitor, so only images we host (the media library, /media/…) or an https
 * address are accepted: no other site paths, no http (mixed content), no javascript: or data: addresses.
 */
const landingImageUrl = limited(LANDING_LIMITS.image, 'Image URL')
  .refine(
    (value) => {
      if (value === '') return true;
      if (/\s|\\/.test(value)) return false;
      if (value.startsWith('/media/')) return !value.includes('/../') && !value.endsWith('/..');
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && url.hostname !== '';
      } catch {
        return false;
      }
    },
    { message: 'Choose an image from the media library or enter an https:// address' },
  )
  .default('');

/** Landing-page copy (docs/product.md, Data: Content), stored once per language. */
export const landingContentSchema = z.object({
  hero: z.object({
    title: limited(LANDING_LIMITS.title, 'Title').min(1, 'Title is required'),
    subtitle: text(LANDING_LIMITS.subtitle, 'Subtitle'),
    cta: text(LANDING_LIMITS.cta, 'CTA Text'),
    image: landingImageUrl,
    /** The "what's new" badge above the title, its line and the second link; empty, the language's default text shows. */
    badge: text(LANDING_LIMITS.cta, 'Badge'),
    badgeText: text(LANDING_LIMITS.subtitle, 'Badge text'),
    learnMore: text(LANDING_LIMITS.cta, 'Second link text'),
    /** The title's word drawn in the primary colour; empty, the language's default word ('digital'). */
    highlight: text(LANDING_LIMITS.stat, 'Highlighted word'),
  }),
  about: z.object({
    title: text(LANDING_LIMITS.title, 'Title'),
    subtitle: text(LANDING_LIMITS.subtitle, 'Subtitle'),
    description: text(LANDING_LIMITS.description, 'Description'),
    /** The founding line ('Founded in 2014') and the values' heading; empty, the language's default text shows. */
    founded: text(LANDING_LIMITS.stat, 'Founded line'),
    valuesTitle: text(LANDING_LIMITS.title, 'Values title'),
    stats: z
      .array(z.object({ label: text(LANDING_LIMITS.stat, 'Label'), value: text(LANDING_LIMITS.stat, 'Value') }))
      .length(LANDING_COUNTS.stats),
    values: z
      .array(z.object({ title: text(LANDING_LIMITS.title, 'Title'), description: text(LANDING_LIMITS.description, 'Description') }))
      .length(LANDING_COUNTS.values),
  }),
  services: z.object({
    title: text(LANDING_LIMITS.title, 'Title'),
    subtitle: text(LANDING_LIMITS.subtitle, 'Subtitle'),
    description: text(LANDING_LIMITS.description, 'Description'),
    items: z
      .array(
        z.object({
          title: text(LANDING_LIMITS.title, 'Title'),
          description: text(LANDING_LIMITS.description, 'Description'),
          features: z.array(text(LANDING_LIMITS.feature, 'Feature')).length(LANDING_COUNTS.features),
        }),
      )
      .length(LANDING_COUNTS.services),
  }),
  /** The contact section's headings ('Get in touch', 'Send us a message'); empty, the language's default text shows. */
  contact: z.object({
    title: text(LANDING_LIMITS.title, 'Title'),
    formTitle: text(LANDING_LIMITS.title, 'Form title'),
  }),
});

export type LandingContent = z.infer<typeof landingContentSchema>;

type Optional<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;
/** A copy as stored by an earlier version of Atelier: without the fields added since. */
type StoredLanding = Omit<LandingContent, 'hero' | 'about' | 'contact'> & {
  hero: Optional<LandingContent['hero'], 'badge' | 'badgeText' | 'learnMore' | 'highlight'>;
  about: Optional<LandingContent['about'], 'founded' | 'valuesTitle'>;
  contact?: Partial<LandingContent['contact']>;
};

/**
 * A stored copy as the current shape: fields added since it was saved (the badge, the highlighted word, the contact
 * headings) are empty, so the language's default text shows for them.
 */
export function completeLanding(stored: StoredLanding | null): LandingContent | null {
  if (!stored) return null;
  return {
    ...stored,
    hero: { badge: '', badgeText: '', learnMore: '', highlight: '', ...stored.hero },
    about: { founded: '', valuesTitle: '', ...stored.about },
    contact: { title: '', formTitle: '', ...stored.contact },
  };
}
